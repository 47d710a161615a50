import ExcelJS from 'exceljs';
import type { Db } from '../../db/types';
import { sheetOf } from '../visualdev/excel-export';
import { fail as failVisual } from '../visualdev/messages';
import { type ExtensionSheet, extensionCells, extensionHeaders, extensionHints } from '../page-extension/excel';
import { valuesOf } from '../page-extension/store';
import type { UserRow } from './user-repository';

/** The 用户管理 page's code (src/pages/permission/user.page.json): the key of the fields an administrator added to users. */
export const USER_PAGE = 'permissionUser';

/**
 * The users' Excel sheet (issue 12 item 7: 用户管理 导出 / 导入 / 下载模板; exceljs through the visualdev helpers).
 * One row per user, these columns in this order, NAMES never ids, so an export imports back (user-import.ts):
 * 账户*, 姓名*, 性别 (男/女/保密), 所属组织* (the main organisation's or department's full name), 岗位 and 角色
 * (names, comma-separated; the first 岗位 is the main one), 手机, 邮箱, 状态 (启用/禁用/锁定). A `*` marks a required
 * column in the template; headers are read with or without it, and by key (`account`…) as well. The fields an
 * administrator added to the 用户管理 page (issue 26 item 4, page-extension/excel.ts) follow as more columns.
 */

/** One column of the users' sheet: `key` (the UserRow/import field), `label` (the header), `required`, `max` length. */
export interface UserSheetColumn {
  key: 'account' | 'realName' | 'gender' | 'organize' | 'position' | 'role' | 'mobilePhone' | 'email' | 'enabledMark';
  label: string;
  required?: boolean;
  max?: number;
  /** The template's hint (second row). */
  hint: string;
}

/** The columns, in sheet order. */
export const USER_COLUMNS: UserSheetColumn[] = [
  { key: 'account', label: '账户', required: true, max: 50, hint: '必填，不能与已有账户重复' },
  { key: 'realName', label: '姓名', required: true, max: 50, hint: '必填' },
  { key: 'gender', label: '性别', hint: '男/女/保密' },
  { key: 'organize', label: '所属组织', required: true, hint: '必填，公司或部门名称；重名时写路径，如 公司/部门' },
  { key: 'position', label: '岗位', hint: '岗位名称，多个用逗号分隔' },
  { key: 'role', label: '角色', hint: '角色名称，多个用逗号分隔' },
  { key: 'mobilePhone', label: '手机', max: 30, hint: '' },
  { key: 'email', label: '邮箱', max: 100, hint: '' },
  { key: 'enabledMark', label: '状态', hint: '启用/禁用/锁定，空为启用' },
];

/** The list page's column props (user.page.json columnList, UserRow) → sheet column keys, for an export's selectKey. */
const PROP_KEYS: Record<string, UserSheetColumn['key']> = {
  account: 'account',
  realName: 'realName',
  gender: 'gender',
  department: 'organize',
  organize: 'organize',
  organizeId: 'organize',
  position: 'position',
  positionId: 'position',
  roleName: 'role',
  role: 'role',
  roleId: 'role',
  mobilePhone: 'mobilePhone',
  email: 'email',
  enabledMark: 'enabledMark',
};

/** The sheet columns of a selectKey (list props, in sheet order; props without a column, e.g. sortCode, are skipped); all without one. */
export function columnsOf(selectKey: string[] | undefined): UserSheetColumn[] {
  const keys = new Set((selectKey ?? []).map((p) => PROP_KEYS[p]).filter(Boolean));
  return keys.size ? USER_COLUMNS.filter((c) => keys.has(c.key)) : USER_COLUMNS;
}

/** 性别 display names by stored value (the user form's options: 1 男, 2 女, 3 保密). */
export const GENDERS: Record<string, string> = { '1': '男', '2': '女', '3': '保密' };
/** 状态 display names by enabledMark (1 enabled, 0 disabled, 2 locked). */
export const STATES: Record<string, string> = { '1': '启用', '0': '禁用', '2': '锁定' };

/** Most users one export writes (more → 400 exportTooLarge). */
export const MAX_USER_EXPORT = 50_000;

/** The file names (download names; the server's content-disposition). */
export const USER_FILE = { export: '用户信息.xlsx', template: '用户信息导入模板.xlsx' } as const;

const header = (c: UserSheetColumn, marked: boolean) => ({ key: c.key, label: marked && c.required ? `*${c.label}` : c.label });

/**
 * How the sheet names each organisation: its full name when no other organisation shares it, else its path of names
 * from the root joined by `/` (e.g. `凯达箱包/信息部`), which the import reads back (loadNameIndex). id → label.
 */
export async function organizeLabels(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('organize').select(['id', 'parent_id', 'full_name']).where('f_deleted_at', 'is', null).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.full_name, (count.get(r.full_name) ?? 0) + 1);
  const pathOf = (id: string): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let n = byId.get(id); n && !seen.has(n.id); n = byId.get(n.parent_id)) {
      seen.add(n.id);
      names.unshift(n.full_name);
    }
    return names.join('/');
  };
  return new Map(rows.map((r) => [r.id, count.get(r.full_name) === 1 ? r.full_name : pathOf(r.id)]));
}

/** The display cells of one user (comma lists of names as the list shows them). */
function cellsOf(u: UserRow, orgs: Map<string, string>): Record<UserSheetColumn['key'], string> {
  return {
    account: u.account,
    realName: u.realName,
    gender: u.gender ? (GENDERS[u.gender] ?? u.gender) : '',
    organize: (u.organizeId ? orgs.get(u.organizeId) : undefined) ?? u.department ?? '',
    position: u.position,
    role: u.roleName,
    mobilePhone: u.mobilePhone ?? '',
    email: u.email ?? '',
    enabledMark: STATES[String(u.enabledMark)] ?? String(u.enabledMark),
  };
}

/**
 * The export workbook of `users` (UserRow, allUsers in user-repository.ts): a header row and one row per user;
 * organisations named by organizeLabels; `columns` (default all, in sheet order) choose what is written.
 * @throws LocalizedError 400 exportTooLarge past MAX_USER_EXPORT users.
 */
export async function userExportWorkbook(db: Db, users: UserRow[], columns: UserSheetColumn[] = USER_COLUMNS, extra: ExtensionSheet | null = null): Promise<Buffer> {
  if (users.length > MAX_USER_EXPORT) throw failVisual(400, 'exportTooLarge', { max: MAX_USER_EXPORT });
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb, '用户信息', [...columns.map((c) => header(c, false)), ...(extra ? extensionHeaders(extra) : [])]);
  const orgs = await organizeLabels(db);
  const values = extra ? await valuesOf(db, USER_PAGE, users.map((u) => u.id)) : null;
  for (const u of users) ws.addRow({ ...cellsOf(u, orgs), ...(extra ? extensionCells(extra, values?.get(u.id)) : {}) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template: the header row (`*` on required columns) and a grey italic row of hints; `extra`: the added fields. */
export async function userTemplateWorkbook(extra: ExtensionSheet | null = null): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb, '用户信息', [...USER_COLUMNS.map((c) => header(c, true)), ...(extra ? extensionHeaders(extra, true) : [])]);
  const hints = ws.addRow({ ...Object.fromEntries(USER_COLUMNS.map((c) => [c.key, c.hint || null])), ...(extra ? extensionHints(extra) : {}) });
  hints.font = { italic: true, color: { argb: 'FF888888' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Names → ids of organisations, positions (with their department) and roles, for the import's lookups. */
export interface NameIndex {
  organize: Map<string, string[]>;
  position: Map<string, Array<{ id: string; organizeId: string | null }>>;
  role: Map<string, string[]>;
}

/** Loads the name index (organisations by full name and by path of names, organizeLabels; roles also by enCode). */
export async function loadNameIndex(db: Db): Promise<NameIndex> {
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  const out: NameIndex = { organize: new Map(), position: new Map(), role: new Map() };
  for (const r of await db.selectFrom('organize').select(['id', 'full_name']).where('f_deleted_at', 'is', null).execute()) push(out.organize, r.full_name, r.id);
  for (const [id, label] of await organizeLabels(db)) if (label.includes('/')) push(out.organize, label, id);
  for (const r of await db.selectFrom('position').select(['id', 'full_name', 'organize_id']).where('f_deleted_at', 'is', null).execute()) push(out.position, r.full_name, { id: r.id, organizeId: r.organize_id });
  for (const r of await db.selectFrom('role').select(['id', 'full_name', 'en_code']).where('f_deleted_at', 'is', null).execute()) {
    push(out.role, r.full_name, r.id);
    if (r.en_code !== r.full_name) push(out.role, r.en_code, r.id);
  }
  return out;
}
