import { useEffect, useState } from 'react';
import Fallback from '../../renderers/_fallback/Fallback';
import { loadComponents } from '../../renderers/_shared/loadComponents';
import type { KdComponent } from '../../renderers/_shared/types';
import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../engine/renderer';

/** Props of {@link PagePanels}: a page config's `panels` (display field configs) and the page's registry. */
export interface PagePanelsProps {
  fields: FieldConfig[];
  registry: RendererMap;
}

/**
 * The display widgets a page config shows above its list (schemas/page.ts `panels`, e.g. 系统监控's live charts):
 * their components loaded from the registry (lazily, once), each rendered read-only with its field config; an
 * unknown kdKey shows the form's fallback naming it (renderers/_fallback) instead of nothing.
 */
export default function PagePanels({ fields, registry }: PagePanelsProps) {
  const [components, setComponents] = useState<Record<string, KdComponent> | null>(null);
  useEffect(() => {
    let alive = true;
    void loadComponents(
      registry,
      fields.map((f) => f.__config__.kdKey),
    ).then((c) => alive && setComponents(c));
    return () => {
      alive = false;
    };
  }, [fields, registry]);
  if (!components) return null;
  return (
    <div className="kd-page-panels" style={{ marginBottom: 12 }}>
      {fields.map((f, i) => {
        const C = components[f.__config__.kdKey];
        const key = `${f.__config__.kdKey}-${i}`;
        return C ? <C key={key} field={f} mode="readonly" /> : <Fallback key={key} field={f} mode="readonly" />;
      })}
    </div>
  );
}
