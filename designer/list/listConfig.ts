import type { ColumnConfig } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { childLists } from '../store/tree';

/** The column config with the JNPF v3 keys the runtime reads (server/src/modules/visualdev/column-data.ts). */
export type ListConfig = ColumnConfig & { treeRelation?: string; groupField?: string; summaryField?: string[] };

/** A field a list can show: a stored top-level field (through layout containers; sub-tables and their columns excluded). */
export interface ListField {
  vModel: string;
  label: string;
  kdKey: string;
}

/** The form's fields a list can show, in form order. */
export function listFields(form: FormConfig): ListField[] {
  const out: ListField[] = [];
  const visit = (fields: FieldConfig[]) => {
    for (const f of fields) {
      if (f.__config__.kdKey === 'table') continue;
      if (f.__vModel__) out.push({ vModel: f.__vModel__, label: String(f.__config__.label ?? f.__vModel__), kdKey: f.__config__.kdKey });
      for (const c of childLists(f)) visit(c.list);
    }
  };
  visit(form.fields);
  return out;
}

/** Toolbar and row buttons the list designer offers (jnpf-v3.md §3 btnsList / columnBtnsList values), with their stored labels and icons. */
export const TOOLBAR_BUTTONS = [
  { value: 'add', label: '新增', icon: 'PlusOutlined' },
  { value: 'download', label: '导出', icon: 'DownloadOutlined' },
  { value: 'upload', label: '导入', icon: 'UploadOutlined' },
  { value: 'batchRemove', label: '批量删除', icon: 'DeleteOutlined' },
] as const;
export const ROW_BUTTONS = [
  { value: 'edit', label: '编辑', icon: 'EditOutlined' },
  { value: 'remove', label: '删除', icon: 'DeleteOutlined' },
  { value: 'detail', label: '详情', icon: 'EyeOutlined' },
] as const;

/** Widgets whose values a summary row can add up. */
export const NUMERIC_KEYS = new Set(['numInput', 'calculate', 'slider', 'rate']);

/**
 * The list's problems (issue 13 "Bad input"), as designer string keys: a tree list without its tree field, a grouped
 * table without its group field, no column, and columns, search items or sort naming fields the form no longer has.
 */
export function listProblems(cd: ListConfig, fields: ListField[]): string[] {
  const names = new Set(fields.map((f) => f.vModel));
  const out: string[] = [];
  if (cd.type === 2 && !(cd.treeRelation && names.has(cd.treeRelation))) out.push('fd.list.noTreeField');
  if (cd.type === 3 && !(cd.groupField && names.has(cd.groupField))) out.push('fd.list.noGroupField');
  if (!cd.columnList.some((c) => names.has(c.prop))) out.push('fd.list.noColumns');
  return out;
}

/** The config without columns, search items, summed fields and sort of fields the form no longer has (before saving). */
export function withoutMissing(cd: ListConfig, fields: ListField[]): ListConfig {
  const names = new Set(fields.map((f) => f.vModel));
  return {
    ...cd,
    columnList: cd.columnList.filter((c) => names.has(c.prop)),
    searchList: cd.searchList.filter((s) => names.has(s.prop)),
    ...(cd.summaryField ? { summaryField: cd.summaryField.filter((s) => names.has(s)) } : {}),
    ...(cd.defaultSidx && !names.has(cd.defaultSidx) ? { defaultSidx: '' } : {}),
  };
}

/** The config with renamed fields' names replaced (`from` → `to`, top-level names): columns, search, sums, sort, tree and group fields. */
export function withRenames(cd: ListConfig, renamed: Array<{ from: string; to: string }>): ListConfig {
  const map = new Map(renamed.filter((r) => !r.from.includes('.')).map((r) => [r.from, r.to]));
  if (!map.size) return cd;
  const to = (name: string | undefined) => (name && map.get(name)) || name;
  return {
    ...cd,
    columnList: cd.columnList.map((c) => ({ ...c, prop: to(c.prop) as string })),
    searchList: cd.searchList.map((c) => ({ ...c, prop: to(c.prop) as string })),
    ...(cd.summaryField ? { summaryField: cd.summaryField.map((x) => to(x) as string) } : {}),
    ...(cd.defaultSidx ? { defaultSidx: to(cd.defaultSidx) } : {}),
    ...(cd.treeRelation ? { treeRelation: to(cd.treeRelation) } : {}),
    ...(cd.groupField ? { groupField: to(cd.groupField) } : {}),
  };
}
