import type { ColDef } from 'ag-grid-community';
import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../schemas/field';

/** Widget groups shown in the designer palette. */
export type RendererGroup = 'basic' | 'advanced' | 'system' | 'layout' | 'display';

/** A lazily loaded React widget module; its default export is an rjsf widget (`WidgetProps`). Kept as a loader so the server can import definitions without React. */
export type ComponentLoader = () => Promise<{ default: unknown }>;

/**
 * The renderer contract (design.md §3): one per kdKey, under `renderers/<kebab-key>/definition.ts`.
 * - `scaffold`: the default field config the designer drops on the canvas.
 * - `inspector`: JSON Schema of the widget's own props (the designer's property panel).
 * - `toSchema(field)`: JSON Schema of the stored value, or `null` when the widget stores nothing (display, layout).
 * - `toColumn(field)`: the ag-grid column for lists, or `null` when the widget has no column.
 * - `component`: loader of the rjsf widget.
 * - `container`: true for layout widgets whose `__config__.children` are laid out inside them.
 */
export interface RendererDefinition {
  kdKey: string;
  label: string;
  icon: string;
  group: RendererGroup;
  scaffold: FieldConfig;
  inspector: JSONSchema7;
  toSchema: (field: FieldConfig) => JSONSchema7 | null;
  toColumn: (field: FieldConfig) => ColDef | null;
  component: ComponentLoader;
  container?: boolean;
}

/** Identity helper that types a renderer definition (design.md §3). */
export function defineRenderer(def: RendererDefinition): RendererDefinition {
  return def;
}

/** The registry: kdKey -> definition. */
export type RendererMap = Readonly<Record<string, RendererDefinition>>;

/**
 * Builds a registry from definitions. Throws `Error('duplicate kdKey: X')` when two definitions share a kdKey (design.md §3).
 */
export function buildRegistry(...defs: RendererDefinition[]): RendererMap {
  const map: Record<string, RendererDefinition> = {};
  for (const d of defs) {
    if (map[d.kdKey]) throw new Error(`duplicate kdKey: ${d.kdKey}`);
    map[d.kdKey] = d;
  }
  return Object.freeze(map);
}
