import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import '../../permissions/tables';
import type { ColumnData } from '../visualdev/column-data';
import type { LoadedModel } from '../visualdev/model-store';

/** The buttons of a model page (spec 000 §6 default codes; reference/permissions.md §2) and the recycle bin's. */
export const MODEL_BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
  ['btn_download', '导出'],
  ['btn_upload', '导入'],
  ['btn_recycle', '回收站'],
];

/**
 * Fills a type-3 menu from its bound model (issue 12 item 2, "one click fills them"): buttons (MODEL_BUTTONS plus the
 * list's custom buttons), list columns (columnData.columnList), form fields (main columns and each sub-table column
 * as `table-field`, fieldRule 2), data-rule fields (main columns, and created_by as 创建人). Existing enCodes stay as
 * they are. Returns how many of each were added.
 */
export async function fillFromModel(db: Db, moduleId: string, model: LoadedModel): Promise<{ buttons: number; columns: number; forms: number; fields: number }> {
  const cd = model.record.columnData as ColumnData;
  const custom = [...(cd.btnsList ?? []), ...(cd.columnBtnsList ?? [])]
    .map((b) => b as { value?: string; label?: string })
    .filter((b) => b.value && !MODEL_BUTTONS.some(([c]) => c === `btn_${b.value}`))
    .map((b) => [`btn_${b.value}`, b.label ?? String(b.value)] as [string, string]);
  const rows = (list: Array<Record<string, unknown>>, idOf?: (r: Record<string, unknown>) => string) => list.map((r, i) => ({ id: idOf ? idOf(r) : randomUUID(), module_id: moduleId, sort_code: i + 1, ...r }));
  const buttons = rows([...MODEL_BUTTONS, ...custom].map(([en_code, full_name]) => ({ en_code, full_name })), (r) => `${moduleId}:${r.en_code}`);
  const columns = rows((cd.columnList ?? []).map((c) => ({ en_code: c.prop, full_name: c.label ?? c.prop, bind_table: model.table, field_rule: 0 })));
  const forms = rows([
    ...model.columns.map((c) => ({ en_code: c.name, full_name: c.label, bind_table: model.table, field_rule: 0 })),
    ...model.layout.subTables.flatMap((s) => s.columns.map((c) => ({ en_code: `${s.vModel}-${c.name}`, full_name: `${s.label}-${c.label}`, bind_table: s.table, field_rule: 2, child_table_key: s.vModel }))),
  ]);
  const typeOf = (t: string) => (t === 'double precision' ? 'double' : t === 'boolean' ? 'bool' : 'string');
  const fields = rows([
    ...model.columns.map((c) => ({ en_code: c.name, full_name: c.label, type: typeOf(c.type), condition_symbol: 'Equal,NotEqual,Included,NotIncluded' + (c.type === 'double precision' ? ',GreaterThan,GreaterThanOrEqual,LessThan,LessThanOrEqual' : ''), condition_text: 'text', bind_table: model.table })),
    { en_code: 'created_by', full_name: '创建人', type: 'string', condition_symbol: 'Equal,NotEqual,Included,NotIncluded', condition_text: '@userId', bind_table: model.table },
  ]);
  return db.transaction().execute(async (trx) => ({
    buttons: await put(trx, 'module_button', buttons),
    columns: await put(trx, 'module_column', columns),
    forms: await put(trx, 'module_form', forms),
    fields: await put(trx, 'module_data_authorize', fields),
  }));
}

/** Inserts item rows, keeping the ones whose (module_id, en_code) exist; returns how many were added. */
async function put(db: Db, table: 'module_button' | 'module_column' | 'module_form' | 'module_data_authorize', values: Array<Record<string, unknown>>): Promise<number> {
  if (!values.length) return 0;
  const r = await db
    .insertInto(table)
    .values(values as never)
    .onConflict((oc) => oc.columns(['module_id', 'en_code']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}
