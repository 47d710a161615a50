import type { FieldConfig } from '../../../../schemas/field';
import { hiddenCells, isEmptyValue, ruleState } from '../../../../src/engine/fieldRules';
import type { FieldError, MessageLang } from '../../../../src/engine/validate';
import { parseLang, translate } from '../../i18n';
import { failWith, type MessageTable } from '../dictionary/localized-error';
import type { LoadedModel } from './model-store';

/**
 * Field rules on the server (issue 13 item 1 "Field rules"; src/engine/fieldRules.ts, the same evaluation as the
 * form's), applied to a record about to be written, after the server-filled fields and before validation:
 * - a field hidden by a show-when rule (its own or a container's) is not saved: a create stores nothing for it, an
 *   update keeps the stored value (what the request sent for it is dropped); validation then skips it;
 * - a field whose read-only-when rule holds may not change: an update sending another value than the stored one, or a
 *   create sending another value than the field's default, is refused (400 naming the field, nothing written);
 * - required-when is checked by the engine's validateRecord (recordErrors), like `required`;
 * - a sub-table cell hidden in its line by its column's show rule (per line, fieldRules.ts collectLineRules) is not
 *   saved (stored empty) nor required;
 * - a sub-table cell whose column's read-only-when rule holds in its line may not change: a line sending the `id` of
 *   a stored line of the record is compared with that line's cell, any other line (new) with the column's default
 *   (400 naming `table[i].column`, nothing written).
 * Rules are evaluated on the record as it would be stored (the request over the stored record).
 */

type Key = 'readonlyChanged';

/** Messages (own table: tw derived from zh). */
const messages: MessageTable<Key> = {
  zh: { readonlyChanged: '{label}当前为只读，不能修改' },
  en: { readonlyChanged: '{label} is read-only now and cannot be changed' },
  mas: { readonlyChanged: '{label} kini baca sahaja dan tidak boleh diubah' },
};

const rulesFail = failWith(messages, 'visualdev-rules');

/** Same value as stored: equal JSON, both empty, or one scalar in two types (1 and '1'). */
function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  return a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b);
}

/**
 * Applies the model's field rules to `record` (mutated; see the module comment). `stored`: the stored record of an
 * update (null on create). `sent`: the fields the request carries (a read-only field the request leaves out is not
 * its change). @throws LocalizedError 400 `readonlyChanged`, data `{ field, errors: [{ field, label, message }] }`.
 */
export function applyFieldRules(model: LoadedModel, record: Record<string, unknown>, stored: Record<string, unknown> | null, lang: MessageLang, sent: ReadonlySet<string> = new Set(Object.keys(record))): void {
  dropHiddenCells(model, record);
  const rules = model.compiled.rules ?? {};
  // One evaluation over the record as sent (rules read each other's values before any is dropped).
  const view = { ...record };
  for (const name of Object.keys(rules)) {
    const state = ruleState(rules[name], view);
    if (state.hidden) {
      if (stored) record[name] = stored[name] ?? null;
      else delete record[name];
      continue;
    }
    if (!state.readonly || !sent.has(name)) continue;
    const before = stored ? stored[name] : model.compiled.byModel[name]?.__config__.defaultValue;
    if (sameValue(record[name], before)) continue;
    const label = String(model.compiled.byModel[name]?.__config__.label ?? name);
    const vars = { label };
    const error: FieldError = { field: name, label, message: translate(parseLang(lang) ?? 'zh', 'visualdev-rules', 'readonlyChanged', vars) };
    throw rulesFail(400, 'readonlyChanged', vars, { field: name, errors: [error] });
  }
  assertLinesKept(model, record, stored, lang, sent);
}

/** Refuses a sub-table cell changed while its column's read-only-when rule holds in its line (see the module comment). */
function assertLinesKept(model: LoadedModel, record: Record<string, unknown>, stored: Record<string, unknown> | null, lang: MessageLang, sent: ReadonlySet<string>): void {
  for (const [table, sets] of Object.entries(model.compiled.lineRules ?? {})) {
    const cols = Object.keys(sets).filter((c) => sets[c].readonly);
    const lines = record[table];
    if (!cols.length || !sent.has(table) || !Array.isArray(lines)) continue;
    const before = new Map<string, Record<string, unknown>>();
    for (const l of Array.isArray(stored?.[table]) ? (stored[table] as Array<Record<string, unknown> | null>) : []) if (l && typeof l.id === 'string') before.set(l.id, l);
    const columns = (model.compiled.byModel[table]?.__config__.children ?? []) as FieldConfig[];
    for (const [i, line] of lines.entries()) {
      if (!line || typeof line !== 'object') continue;
      const cells = line as Record<string, unknown>;
      const old = typeof cells.id === 'string' ? before.get(cells.id) : undefined;
      for (const col of cols) {
        if (!ruleState(sets[col], cells).readonly) continue;
        const column = columns.find((c) => c.__vModel__ === col);
        if (sameValue(cells[col], old ? old[col] : column?.__config__.defaultValue)) continue;
        const label = String(column?.__config__.label ?? col);
        const field = `${table}[${i}].${col}`;
        const error: FieldError = { field, label, message: translate(parseLang(lang) ?? 'zh', 'visualdev-rules', 'readonlyChanged', { label }) };
        throw rulesFail(400, 'readonlyChanged', { label }, { field, errors: [error] });
      }
    }
  }
}

/** Takes the cells their column's show rule hides in their line out of each sub-table line of `record` (lines copied, not mutated). */
function dropHiddenCells(model: LoadedModel, record: Record<string, unknown>): void {
  for (const [table, sets] of Object.entries(model.compiled.lineRules ?? {})) {
    const lines = record[table];
    if (!Array.isArray(lines)) continue;
    record[table] = lines.map((line) => {
      if (!line || typeof line !== 'object') return line;
      const hidden = hiddenCells(sets, line as Record<string, unknown>);
      if (!hidden.length) return line;
      const copy = { ...(line as Record<string, unknown>) };
      for (const c of hidden) delete copy[c];
      return copy;
    });
  }
}
