import type { FieldConfig } from '../../../schemas/field';
import type { FormConfig } from '../../../schemas/form';
import type { FormOperate } from '../../api/workflow';

/**
 * A node's field permissions (JNPF formOperates, reference §1 Approver) applied to a flow's form for the task page:
 * a field whose entry has `read: false` is left out (hidden), `required: true` makes it required; fields without an
 * entry, layout containers and sub-table columns (`table-col` ids) are matched by `__vModel__` / `formId` the same
 * way. An empty list leaves the form as it is. `lockUnwritable` (an approver editing at their node): every data field
 * whose entry does not say `write` (or has no entry; a sub-table column without one follows its table) gets `disabled: true`, as the server accepts only the writable
 * ones (issue 15 item 3). Pure: returns a new config.
 */
export function applyFormOperates(form: FormConfig, operates: readonly FormOperate[], lockUnwritable = false): FormConfig {
  if (!operates.length) return form;
  const byId = new Map(operates.map((o) => [o.id, o]));
  const idsOf = (f: FieldConfig, parent?: string): string[] => {
    const own = [f.__vModel__, f.__config__?.formId].filter((x): x is string => typeof x === 'string' && x !== '').map(String);
    return parent ? [...own.map((x) => `${parent}-${x}`), ...own] : own;
  };
  const walk = (fields: FieldConfig[], parent?: string): FieldConfig[] =>
    fields.flatMap((f) => {
      const op = idsOf(f, parent).map((id) => byId.get(id)).find(Boolean);
      if (op && op.read === false) return [];
      const children = f.__config__?.children as FieldConfig[] | undefined;
      const isTable = f.__config__?.kdKey === 'table';
      const next: FieldConfig = { ...f, __config__: { ...f.__config__, ...(op?.required ? { required: true } : {}) } };
      if (lockUnwritable && f.__vModel__ && (op ? !(op.write && op.read !== false) : !parent)) next.disabled = true;
      if (Array.isArray(children)) next.__config__.children = walk(children, isTable ? String(f.__vModel__ ?? '') : undefined);
      return [next];
    });
  return { ...form, fields: walk(form.fields as FieldConfig[]) };
}

/** The node's writable field ids (`write` and not hidden; sub-table columns as `table-col`). */
export function writableIds(operates: readonly FormOperate[]): Set<string> {
  return new Set(operates.filter((o) => o.write && o.read !== false).map((o) => o.id));
}
