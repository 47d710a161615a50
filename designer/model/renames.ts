import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { childLists, idOf } from '../store/tree';

/** The stored names of a form by formId: top-level fields by `vModel`, sub-table columns as `table.column`. */
export function storedNames(form: FormConfig): Map<number, string> {
  const out = new Map<number, string>();
  const visit = (fields: FieldConfig[], prefix: string) => {
    for (const f of fields) {
      const id = idOf(f);
      const name = f.__vModel__ ? `${prefix}${f.__vModel__}` : '';
      if (id !== undefined && name) out.set(id, name);
      const inTable = f.__config__.kdKey === 'table' && f.__vModel__ ? `${name}.` : prefix;
      for (const c of childLists(f)) visit(c.list, inTable);
    }
  };
  visit(form.fields, '');
  return out;
}

/** What a save would leave behind in the model's tables: fields renamed (`from` → `to`) and fields removed, by stored name. */
export interface ColumnChanges {
  renamed: Array<{ from: string; to: string }>;
  removed: string[];
}

/**
 * The stored fields of `saved` (the model as last loaded or saved) that `next` renames or removes (issue 13 item 1:
 * renaming a field that already has a column asks whether to keep the data). Matched by formId.
 */
export function columnChanges(saved: FormConfig, next: FormConfig): ColumnChanges {
  const before = storedNames(saved);
  const after = storedNames(next);
  const renamed: ColumnChanges['renamed'] = [];
  const removed: string[] = [];
  for (const [id, from] of before) {
    const to = after.get(id);
    if (to === undefined) removed.push(from);
    else if (to !== from) renamed.push({ from, to });
  }
  return { renamed, removed };
}
