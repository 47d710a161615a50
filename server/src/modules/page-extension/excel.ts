import type { JSONSchema7 } from 'json-schema';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { displayValue, hintOf, IMPORTABLE, type Lookups, loadLookups, parseCell } from '../visualdev/excel-values';
import { type FieldColumn, sqlTypeOf } from '../visualdev/model-layout';
import type { MessageLang } from '../../../../src/engine/validate';
import { checkValues, type LoadedExtension, loadExtension } from './store';

/**
 * The added fields of a built-in page in its Excel files (issue 26 item 4): columns after the page's own, headed by
 * the field's label (`*` in the template when required), cells written and read with the model Excel's rules
 * (visualdev/excel-values.ts: option names, dates, 是/否, user and department names), each row's values checked by
 * the added rules. An area's export/import calls these; it knows nothing else of the additions.
 */
export interface ExtensionSheet {
  ext: LoadedExtension;
  /** The added fields as sheet columns (importable widgets only, as the model import). */
  columns: FieldColumn[];
  lookups: Lookups;
}

/** The sheet columns of page `code`'s added fields, or null when it has none. */
export async function extensionSheet(db: Db, code: string): Promise<ExtensionSheet | null> {
  const ext = await loadExtension(db, code);
  if (!ext?.fields.length) return null;
  const props = ext.compiled.schema.properties ?? {};
  const columns: FieldColumn[] = ext.fields
    .filter((f) => f.__vModel__ && IMPORTABLE.has(f.__config__.kdKey))
    .map((f) => ({ name: f.__vModel__!, type: sqlTypeOf(props[f.__vModel__!] as JSONSchema7), kdKey: f.__config__.kdKey, label: f.__config__.label ?? f.__vModel__!, field: f }));
  return { ext, columns, lookups: await loadLookups(db, columns) };
}

/** Header cells `{ key, label }` of the added columns (`marked`: a `*` before required ones, for the template). */
export function extensionHeaders(sheet: ExtensionSheet, marked = false): Array<{ key: string; label: string }> {
  return sheet.columns.map((c) => ({ key: c.name, label: marked && c.field.__config__.required ? `*${c.label}` : c.label }));
}

/** The template's hint cells of the added columns, keyed by vModel. */
export function extensionHints(sheet: ExtensionSheet): Record<string, string> {
  return Object.fromEntries(sheet.columns.map((c) => [c.name, hintOf(c, sheet.lookups)]));
}

/** The export cells of one record's added values (`values`: vModel → stored value), keyed by vModel. */
export function extensionCells(sheet: ExtensionSheet, values: Record<string, unknown> | undefined): Record<string, string | number> {
  return Object.fromEntries(sheet.columns.map((c) => [c.name, displayValue(c, values?.[c.name], sheet.lookups)]));
}

/** Header index → added column, matching a header's text (`*` stripped) to a label or a vModel. */
export function extensionHeaderMap(sheet: ExtensionSheet, header: unknown[]): Map<number, FieldColumn> {
  const out = new Map<number, FieldColumn>();
  header.forEach((h, i) => {
    const name = String(h ?? '').replace(/^\*/, '').trim();
    const col = sheet.columns.find((c) => c.label === name) ?? sheet.columns.find((c) => c.name === name);
    if (col && ![...out.values()].includes(col)) out.set(i, col);
  });
  return out;
}

/**
 * One sheet row's added values: each mapped cell parsed (parseCell), then the whole set checked by the added rules.
 * Returns the values, or the problems `{ field, label, message }` (the first per field) in `lang`.
 */
export function parseExtensionRow(sheet: ExtensionSheet, map: Map<number, FieldColumn>, cells: unknown[], lang: MessageLang): { values: Record<string, unknown> } | { errors: Array<{ field: string; label: string; message: string }> } {
  const values: Record<string, unknown> = {};
  const errors: Array<{ field: string; label: string; message: string }> = [];
  for (const [i, col] of map) {
    const parsed = parseCell(col, cells[i], sheet.lookups, lang);
    if (!parsed.ok) errors.push({ field: col.name, label: col.label, message: parsed.message });
    else if (parsed.value !== null) values[col.name] = parsed.value;
  }
  if (errors.length) return { errors };
  try {
    return { values: checkValues(sheet.ext, values, lang) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const list = ((err.data as { errors?: Array<{ field: string; label: string; message: string }> } | null)?.errors ?? []).map((e) => ({ field: e.field, label: e.label, message: e.message }));
    return { errors: list.length ? list : [{ field: '', label: '', message: err.message }] };
  }
}
