import { CHART_TYPES, type CardType, PORTAL_COLS, type PortalCard } from '../../schemas/portal';

/** The designer's layout with its undo and redo stacks (issue 16 item 3: undo/redo as a history stack). */
export interface History {
  past: PortalCard[][];
  present: PortalCard[];
  future: PortalCard[][];
}

/** At most this many steps are kept for undo. */
export const HISTORY_LIMIT = 100;

/** A history starting at `cards`. */
export const startHistory = (cards: PortalCard[]): History => ({ past: [], present: cards, future: [] });

/** `h` after a change to `next` (no step when nothing changed); the redo stack is dropped. */
export function commit(h: History, next: PortalCard[]): History {
  if (JSON.stringify(next) === JSON.stringify(h.present)) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

/** One step back (no-op at the start). */
export function undo(h: History): History {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}

/** One step forward (no-op at the end). */
export function redo(h: History): History {
  const [next, ...rest] = h.future;
  return next ? { past: [...h.past, h.present], present: next, future: rest } : h;
}

/** Default sizes of a new card (columns × rows of 40 px). */
const SIZE: Partial<Record<CardType, [number, number]>> = { todo: [12, 3], text: [4, 4], dataBoard: [6, 3] };

/** A new card of `kdKey` at (x, y), or below the last card (JNPF), with a fresh id `card<n>` and type defaults. */
export function newCard(cards: PortalCard[], kdKey: CardType, at?: { x: number; y: number }): PortalCard {
  const [w, h] = SIZE[kdKey] ?? [6, 7];
  let n = cards.length + 1;
  while (cards.some((c) => c.i === `card${n}`)) n++;
  const y = at?.y ?? cards.reduce((m, c) => Math.max(m, c.y + c.h), 0);
  const x = Math.min(at?.x ?? 0, PORTAL_COLS - w);
  const card: PortalCard = { i: `card${n}`, x, y, w, h, kdKey, title: '' };
  if ((CHART_TYPES as readonly string[]).includes(kdKey)) Object.assign(card, { dataType: 'static', option: { xAxis: { type: 'category', data: ['A', 'B', 'C'] }, yAxis: { type: 'value' }, series: [{ type: kdKey === 'area' ? 'line' : kdKey === 'annular' ? 'pie' : kdKey, data: [3, 5, 2] }] } });
  if (kdKey === 'iframe' || kdKey === 'image') card.url = 'https://';
  if (kdKey === 'commonFunc' || kdKey === 'dataBoard') card.list = [];
  return card;
}

/** `cards` with the positions of `layout` (react-grid-layout's onLayoutChange), other settings kept. */
export function withPositions(cards: PortalCard[], layout: ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>): PortalCard[] {
  const at = new Map(layout.map((l) => [l.i, l]));
  return cards.map((c) => {
    const l = at.get(c.i);
    return l && (l.x !== c.x || l.y !== c.y || l.w !== c.w || l.h !== c.h) ? { ...c, x: l.x, y: l.y, w: l.w, h: l.h } : c;
  });
}
