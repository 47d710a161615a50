import { useDraggable } from '@dnd-kit/core';
import { Input } from 'antd';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererDefinition, RendererGroup } from '../../src/engine/renderer';
import { paletteId } from '../canvas/dnd';
import { useDesignerStore } from '../form/DesignerContext';
import { DESIGNER_NS } from '../i18n';
import { paletteIcon } from './icons';

/** The palette's group order (the registry's groups, design.md §3 `group`). */
export const GROUPS: RendererGroup[] = ['basic', 'advanced', 'system', 'layout', 'display'];

/** Every definition of the registry by group, in registry order, filtered by a search text (label or kdKey). */
export function paletteGroups(defs: RendererDefinition[], search: string): Array<{ group: RendererGroup; defs: RendererDefinition[] }> {
  const q = search.trim().toLowerCase();
  const hit = (d: RendererDefinition) => !q || d.label.toLowerCase().includes(q) || d.kdKey.toLowerCase().includes(q);
  const known = new Set<string>(GROUPS);
  const groups = [...GROUPS, ...new Set(defs.map((d) => d.group).filter((g) => !known.has(g)))];
  return groups.map((group) => ({ group, defs: defs.filter((d) => d.group === group && hit(d)) })).filter((g) => g.defs.length);
}

const PaletteItem = memo(function PaletteItem({ def, onAdd }: { def: RendererDefinition; onAdd: (kdKey: string) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: paletteId(def.kdKey), data: { kind: 'palette', kdKey: def.kdKey } });
  const Icon = paletteIcon(def.icon);
  return (
    <div ref={setNodeRef} className="kd-designer-palette-item" data-testid={`designer-palette-item-${def.kdKey}`} title={def.kdKey} {...attributes} {...listeners} onClick={() => onAdd(def.kdKey)}>
      <Icon />
      <span>{def.label}</span>
    </div>
  );
});

/**
 * The palette (issue 13 item 1): every kdKey of the registry, grouped as the registry groups them, with its icon and
 * label; searchable; a click appends the widget to the form, a drag drops it where it is let go.
 */
function Palette() {
  const { t } = useTranslation(DESIGNER_NS);
  const store = useDesignerStore();
  const [search, setSearch] = useState('');
  const add = useCallback((kdKey: string) => void store.add(kdKey), [store]);
  const groups = useMemo(() => paletteGroups(Object.values(store.registry), search), [store.registry, search]);
  return (
    <div className="kd-designer-palette">
      <Input.Search allowClear size="small" placeholder={t('fd.paletteSearch')} aria-label={t('fd.paletteSearch')} value={search} onChange={(e) => setSearch(e.target.value)} />
      {groups.map((g) => (
        <section key={g.group}>
          <div className="kd-designer-palette-title">{t(`fd.group.${g.group}`, { defaultValue: g.group })}</div>
          <div className="kd-designer-palette-grid">
            {g.defs.map((d) => (
              <PaletteItem key={d.kdKey} def={d} onAdd={add} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
export default memo(Palette);
