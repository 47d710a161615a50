import type { FieldConfig } from '../../schemas/field';

/** A tab or collapse item (jnpf-v3.md §2): `{title, name, __config__: {children}}` (no kdKey: a layout level only). */
export interface LayoutItem {
  title?: string;
  name?: string;
  __config__: { children?: FieldConfig[]; [k: string]: unknown };
}

/** The items of a tab/collapse container. */
export function itemsOf(field: FieldConfig): LayoutItem[] {
  return ((field.__config__.children ?? []) as unknown as LayoutItem[]).filter((i) => i && typeof i === 'object');
}

/** A container scaffold: `layout: rowFormItem`, `children`, no value (design.md §4). */
export function containerScaffold(kdKey: string, label: string, tag: string, children: unknown[], config: Record<string, unknown> = {}, props: Record<string, unknown> = {}): FieldConfig {
  return {
    __config__: { kdKey, label, tag, layout: 'rowFormItem', showLabel: false, span: 24, children: children as FieldConfig[], ...config },
    ...props,
  };
}

/** Builds a tab/collapse item carrying `children`, typed as a FieldConfig for `__config__.children`. */
export function layoutItem(title: string, name: string, children: FieldConfig[]): FieldConfig {
  return { title, name, __config__: { children } } as unknown as FieldConfig;
}
