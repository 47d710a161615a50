import type { Registry } from '@rjsf/utils';
import type { ValueFormatterFunc } from 'ag-grid-community';
import type { FieldConfig } from '../../schemas/field';
import { isStatic } from '../_shared/fieldProps';
import type { KdFormContext } from '../_shared/templates';

/** Widgets whose value reads as itself (text). */
const TEXT_KINDS = new Set(['comInput', 'textarea']);
/** Widgets whose list column's formatter needs the value alone (no list context): numbers, dates, times, sliders, rich text. */
const FORMATTED = new Set(['numInput', 'calculate', 'date', 'dateRange', 'time', 'timeRange', 'slider', 'editor']);
/** Option widgets: their formatter shows an option's name when the options are the field's own (static). */
const OPTIONS = new Set(['select', 'radio', 'checkbox', 'treeSelect']);

const formatters = new WeakMap<FieldConfig, ValueFormatterFunc | null>();

/** The list column formatter of `column` (its renderer's toColumn), cached per column config. */
function formatterOf(registry: Registry, column: FieldConfig): ValueFormatterFunc | null {
  let f = formatters.get(column);
  if (f === undefined) {
    const def = (registry.formContext as KdFormContext | undefined)?.registry?.[column.__config__.kdKey];
    const formatter = def?.toColumn(column)?.valueFormatter;
    f = typeof formatter === 'function' ? formatter : null;
    formatters.set(column, f);
  }
  return f;
}

/**
 * What a light cell of a sub-table shows (issue 25 item 1: a line drawn before its widgets, for a frame or two after a
 * jump): text widgets their value; numbers (to their decimals), dates, times, sliders, rich text and static
 * options what the model's list shows for the value (the renderer's list column formatter); other widgets — whose
 * value is an id of something loaded from the server (people, departments, dictionaries, pop-up pickers) or does not
 * read as text (a switch, stars) — nothing, rather than a raw id.
 */
export function lightText(registry: Registry, column: FieldConfig, value: unknown): string {
  const kind = column.__config__.kdKey;
  if (value === undefined || value === null || value === '') return '';
  if (TEXT_KINDS.has(kind)) return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!FORMATTED.has(kind) && !(OPTIONS.has(kind) && isStatic(column) && !column.__config__.dictionaryType)) return '';
  const f = formatterOf(registry, column);
  if (!f) return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  try {
    const text = f({ value, context: undefined } as never);
    return typeof text === 'string' || typeof text === 'number' ? String(text) : '';
  } catch {
    return '';
  }
}
