import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import { builtinMessage } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ApiError } from '../../plugins/envelope';
import { invalidateModel } from '../visualdev/list-writes';
import { loadModel } from '../visualdev/model-store';
import { getRecord } from '../visualdev/onlinedev-repository';
import { updateOne } from '../visualdev/record-service';
import type { Caller } from './task-service';

/**
 * Per-node form field permissions enforced by the server (issue 15 item 3; JNPF formOperates, reference §1): a node's
 * `formOperates` entries `{ id, read, write, required }` name a field by `__vModel__` (a sub-table column as
 * `{table}-{column}`). An approver may change only the fields whose entry says `write: true`; a read-only or hidden
 * field sent with a changed value is refused (403 naming it, nothing written), and `required` fields must hold a value
 * (400 {label}不能为空). Values are compared after normalising empties (null, undefined, '' alike).
 */

/** One entry of a node's formOperates. */
export interface FormOperate {
  id: string;
  read?: boolean;
  write?: boolean;
  required?: boolean;
}

const DENIED: Record<Lang, string> = {
  zh: '暂无权限：字段「{label}」在当前节点不可修改',
  tw: '暫無權限：欄位「{label}」在當前節點不可修改',
  en: 'No permission: the field "{label}" cannot be changed at this node',
  mas: 'Tiada kebenaran: medan "{label}" tidak boleh diubah pada nod ini',
};

/** The formOperates list of a node's properties (an empty list when it has none). */
export function operatesOf(props: Record<string, unknown> | undefined): FormOperate[] {
  const list = props?.formOperates;
  return Array.isArray(list) ? list.filter((o): o is FormOperate => !!o && typeof o === 'object' && typeof (o as FormOperate).id === 'string') : [];
}

/** A field of the form with its label and, for a sub-table, its columns. */
interface FieldInfo {
  id: string;
  label: string;
  columns: FieldInfo[];
}

/** The data fields of a form (layout containers flattened; sub-tables keep their columns). */
function fieldsOf(fields: FieldConfig[]): FieldInfo[] {
  return fields.flatMap((f): FieldInfo[] => {
    const children = f.__config__?.children as FieldConfig[] | undefined;
    const label = String(f.__config__?.label ?? f.__vModel__ ?? '');
    if (f.__config__?.kdKey === 'table' && f.__vModel__) return [{ id: String(f.__vModel__), label, columns: fieldsOf(children ?? []) }];
    if (Array.isArray(children)) return fieldsOf(children);
    return f.__vModel__ ? [{ id: String(f.__vModel__), label, columns: [] }] : [];
  });
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || (!empty(a) && !empty(b) && (JSON.stringify(a) === JSON.stringify(b) || (typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b))));
const rowsOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((r) => r && typeof r === 'object') : []);

/**
 * Checks `incoming` (what the caller sends) against `stored` (the task's form data) under `operates`, and answers the
 * part the caller may write: the writable top-level fields present in `incoming`. A sub-table is writable as a whole
 * when its entry says write; its columns whose `{table}-{column}` entry denies write must keep their stored values
 * (rows matched by position; a new row must leave them empty). Fields not in the form are dropped. `writeByDefault`:
 * whether a field without an entry is writable (the start node with no list: everything; an approver: nothing).
 * @throws ApiError 403 naming the first read-only/hidden field that changed, 400 {label}不能为空 for a required field.
 */
export function writableData(form: FormConfig, operates: FormOperate[], stored: Record<string, unknown>, incoming: Record<string, unknown>, lang: Lang, writeByDefault: boolean): Record<string, unknown> {
  const byId = new Map(operates.map((o) => [o.id, o]));
  const canWrite = (id: string) => {
    const o = byId.get(id);
    return o ? o.write === true && o.read !== false : writeByDefault;
  };
  const deny = (label: string) => new ApiError(403, DENIED[lang].replace('{label}', label));
  const out: Record<string, unknown> = {};
  for (const f of fieldsOf(form.fields as FieldConfig[])) {
    const has = Object.hasOwn(incoming, f.id);
    const value = has ? incoming[f.id] : stored[f.id];
    if (has && !canWrite(f.id)) {
      if (!same(incoming[f.id], stored[f.id])) throw deny(f.label);
    } else if (has) {
      if (f.columns.length) {
        const before = rowsOf(stored[f.id]);
        const after = rowsOf(incoming[f.id]);
        for (const c of f.columns) {
          const key = `${f.id}-${c.id}`;
          if (!byId.has(key) || canWrite(key)) continue;
          if (after.some((r, i) => !same(r[c.id], before[i]?.[c.id]))) throw deny(`${f.label}-${c.label}`);
        }
      }
      out[f.id] = incoming[f.id];
    }
    if (byId.get(f.id)?.required && empty(value)) throw new ApiError(400, builtinMessage('required', f.label, lang));
    for (const c of f.columns) {
      if (!byId.get(`${f.id}-${c.id}`)?.required) continue;
      if (rowsOf(value).some((r) => empty(r[c.id]))) throw new ApiError(400, builtinMessage('required', `${f.label}-${c.label}`, lang));
    }
  }
  return out;
}

/**
 * Writes `data` to the bound model's record of task `taskId` (JNPF: the record id is the task id) through the
 * visualdev record service in the action's transaction `tx` (validation, version, history apply; the caller as the
 * writer). Nothing when the flow has no bound model, `data` is empty or no such record exists (a launch from 发起
 * keeps its form data on the task only). Returns the model id written, to clear its caches after the commit.
 * @throws ApiError of updateOne (400/403/409; the action rolls back with it).
 */
export async function writeBoundRecord(tx: Db, formId: string | null, taskId: string, data: Record<string, unknown>, caller: Caller, lang: Lang): Promise<string | null> {
  if (!formId || !Object.keys(data).length) return null;
  const model = await loadModel(tx, formId).catch(() => null);
  if (!model) return null;
  const actor = { userId: caller.userId, userName: caller.realName, organizeId: caller.organizeId, positionId: caller.positionId, session: null };
  // The row is locked and its version sent, so a model with concurrencyLock on takes the write and a concurrent
  // edit through the model routes waits for the action's transaction.
  const current = await getRecord(tx, model, taskId, true);
  if (!current) return null;
  const version = current.version ?? current.f_version;
  const done = await updateOne(tx, model, taskId, { ...data, ...(typeof version === 'number' ? { version } : {}) }, actor, lang);
  return done ? formId : null;
}

/** Clears the list caches of a model written inside a committed action. */
export function afterBoundWrite(db: Db, modelId: string | null): void {
  if (modelId) invalidateModel(db, modelId);
}
