import { type CollisionDetection, type DragEndEvent, pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { DesignerStore } from '../store/DesignerStore';
import type { ListRef } from '../store/tree';

/** What a draggable or droppable carries (dnd-kit `data`): a palette item, a field on the canvas, or a list. */
export type DndData = { kind: 'palette'; kdKey: string } | { kind: 'field'; formId: number; ref: ListRef; index: number } | { kind: 'list'; ref: ListRef };

/** dnd-kit ids: `p:<kdKey>`, `f:<formId>`, `l:<owner>:<item>`. */
export const paletteId = (kdKey: string) => `p:${kdKey}`;
export const fieldId = (formId: number) => `f:${formId}`;
export const listId = (ref: ListRef) => `l:${ref.owner ?? 'root'}:${ref.item ?? ''}`;

const sameList = (a: ListRef, b: ListRef) => a.owner === b.owner && (a.item ?? 0) === (b.item ?? 0);

/**
 * Collision detection for nested lists: of the droppables under the pointer, the smallest (the innermost container
 * or field) wins; with none under the pointer, the most overlapped one.
 */
export const innermost: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (!hits.length) return rectIntersection(args);
  const area = (id: string | number) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Number.POSITIVE_INFINITY;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

/**
 * Applies a finished drag to the store (issue 13 item 1): a palette item dropped on a field goes before it, on a list
 * at its end; a field dragged onto another takes its place (after it when dragged downwards in the same list), onto a
 * list goes to its end. Returns whether the form changed.
 */
export function applyDrop(store: DesignerStore, { active, over }: Pick<DragEndEvent, 'active' | 'over'>): boolean {
  const from = active.data.current as DndData | undefined;
  const to = over?.data.current as DndData | undefined;
  if (!from || !to || active.id === over?.id) return false;
  let target: { ref: ListRef; index?: number };
  if (to.kind === 'list') target = { ref: to.ref };
  else if (to.kind === 'field') {
    const down = from.kind === 'field' && sameList(from.ref, to.ref) && from.index < to.index;
    target = { ref: to.ref, index: down ? to.index + 1 : to.index };
  } else return false;
  if (from.kind === 'palette') return store.add(from.kdKey, target) !== null;
  if (from.kind === 'field') return store.move(from.formId, target);
  return false;
}
