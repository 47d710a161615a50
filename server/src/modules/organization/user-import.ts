import { randomUUID } from 'node:crypto';
import type { Lang } from '../../i18n';
import type { Db } from '../../db/types';
import { hashPassword, md5Hex, randomPassword } from '../../lib/password';
import type { SessionInfo } from '../../plugins/permissions';
import { accountKeySql, normaliseAccount } from '../oauth/account';
import { type ImportError, MAX_IMPORT_ROWS, readFirstSheet } from '../visualdev/excel-import';
import { fail as failVisual } from '../visualdev/messages';
import { assertHolds } from './holds';
import { fail, LABEL } from './messages';
import { assertOrgScope } from './org-scope';
import { type ExtensionSheet, extensionHeaderMap, parseExtensionRow } from '../page-extension/excel';
import { insertValues } from '../page-extension/store';
import { GENDERS, loadNameIndex, type NameIndex, STATES, USER_COLUMNS, USER_PAGE, type UserSheetColumn } from './user-excel';

/**
 * The users' Excel import (issue 12 item 7; the sheet of user-excel.ts). Every row is checked first — account
 * required, at most 50 characters, unique against the database (ignoring ASCII case and blanks, as createUser) and
 * within the file; name required; 所属组织 an existing organisation's unique full name; 岗位/角色 existing names (a
 * position name shared by several departments is taken from the row's organisation); 性别/状态 one of their names (or
 * stored values). Any problem → 400 importFailed with `{ errors: [{ row, field, label, message }] }` (the visualdev
 * import's shape; row = the sheet row) and nothing is written; else every user is written in ONE transaction, each
 * with a random initial password (lib/password.ts randomPassword) that must be changed at first sign-in
 * (change_pwd_times 0, as createUser), returned once: `{ count, users: [{ account, realName, password }] }`.
 * Roles and positions the caller does not hold refuse the whole file (403, holds.ts). Never an administrator.
 * `extra`: the fields an administrator added to 用户管理 (issue 26 item 4): read by their headers, checked by their
 * rules (a bad cell is a row error like any other) and written in the same transaction.
 */

/** A checked row, ready to write. */
interface UserDraft {
  row: number;
  account: string;
  realName: string;
  gender: string | null;
  organizeId: string;
  positions: string[];
  roles: string[];
  mobilePhone: string | null;
  email: string | null;
  enabledMark: number;
}

/** One imported user and its initial password (plain text, shown once). */
export interface ImportedUser {
  account: string;
  realName: string;
  password: string;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const names = (v: unknown): string[] => [
  ...new Set(
    str(v)
      .split(/[,，;；]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Maps header cells to columns (by label, `*` stripped, else by key): cell index → column. */
function headerMap(header: unknown[]): Map<number, UserSheetColumn> {
  const out = new Map<number, UserSheetColumn>();
  header.forEach((h, i) => {
    const name = str(h).replace(/^\*/, '').trim();
    const col = USER_COLUMNS.find((c) => c.label === name) ?? USER_COLUMNS.find((c) => c.key === name);
    if (col && ![...out.values()].includes(col)) out.set(i, col);
  });
  return out;
}

/** A stored value from its display name or the value itself (性别, 状态); undefined when neither. */
function optionOf(options: Record<string, string>, raw: string): string | undefined {
  if (options[raw] !== undefined) return raw;
  return Object.entries(options).find(([, label]) => label === raw)?.[0];
}

/** Checks one row; problems go to `errors` (translated into `lang`); returns the draft when the row is clean. */
function checkRow(row: number, cells: Map<UserSheetColumn['key'], string>, index: NameIndex, lang: Lang, errors: ImportError[]): UserDraft | null {
  const before = errors.length;
  const label = (key: UserSheetColumn['key']) => USER_COLUMNS.find((c) => c.key === key)!.label;
  const err = (field: UserSheetColumn['key'], e: { text(l: Lang): string }) => errors.push({ row, field, label: label(field), message: e.text(lang) });
  const get = (key: UserSheetColumn['key']) => cells.get(key) ?? '';
  for (const c of USER_COLUMNS) {
    const v = get(c.key);
    if (c.required && !v) err(c.key, fail(400, 'required', { field: { zh: c.label, en: c.key === 'organize' ? 'Organisation' : c.key === 'account' ? 'Account' : 'Name' } }));
    else if (c.max && v.length > c.max) err(c.key, fail(400, 'tooLong', { field: c.label, max: c.max }));
  }
  const pick = (key: 'gender' | 'enabledMark', options: Record<string, string>) => {
    const raw = get(key);
    if (!raw) return null;
    const v = optionOf(options, raw);
    if (v === undefined) err(key, fail(400, 'badOption', { value: raw, options: Object.values(options).join('/') }));
    return v ?? null;
  };
  const gender = pick('gender', GENDERS);
  const state = pick('enabledMark', STATES);
  let organizeId = '';
  const orgName = get('organize');
  if (orgName) {
    const ids = index.organize.get(orgName) ?? [];
    if (ids.length === 1) organizeId = ids[0];
    else err('organize', fail(400, ids.length ? 'ambiguousName' : 'unknownName', { what: LABEL.organize, name: orgName }));
  }
  const positions: string[] = [];
  for (const name of names(get('position'))) {
    const all = index.position.get(name) ?? [];
    const own = all.filter((p) => p.organizeId === organizeId);
    const hit = all.length === 1 ? all : own.length === 1 ? own : [];
    if (hit.length) positions.push(hit[0].id);
    else err('position', fail(400, all.length ? 'ambiguousName' : 'unknownName', { what: LABEL.positionName, name }));
  }
  const roles: string[] = [];
  for (const name of names(get('role'))) {
    const ids = [...new Set(index.role.get(name) ?? [])];
    if (ids.length === 1) roles.push(ids[0]);
    else err('role', fail(400, ids.length ? 'ambiguousName' : 'unknownName', { what: LABEL.roleName, name }));
  }
  if (errors.length > before) return null;
  return {
    row,
    account: get('account'),
    realName: get('realName'),
    gender,
    organizeId,
    positions,
    roles,
    mobilePhone: get('mobilePhone') || null,
    email: get('email') || null,
    enabledMark: state === null ? 1 : Number(state),
  };
}

/** Adds an error per row whose account repeats an earlier row or an existing user (ignoring ASCII case and blanks). */
async function checkAccounts(db: Db, rows: Array<{ row: number; account: string }>, lang: Lang, errors: ImportError[]): Promise<void> {
  const seen = new Map<string, number>();
  const label = USER_COLUMNS[0].label;
  for (const r of rows) {
    const key = normaliseAccount(r.account);
    const first = seen.get(key);
    if (first !== undefined) errors.push({ row: r.row, field: 'account', label, message: fail(400, 'accountInFile', { row: first, account: r.account }).text(lang) });
    else seen.set(key, r.row);
  }
  const keys = [...seen.keys()];
  for (let i = 0; i < keys.length; i += 1000) {
    const taken = await db
      .selectFrom('users')
      .select(accountKeySql().as('k'))
      .where(accountKeySql(), 'in', keys.slice(i, i + 1000))
      .execute();
    for (const t of taken) {
      const r = rows.find((x) => x.row === seen.get(t.k as string));
      if (r) errors.push({ row: r.row, field: 'account', label, message: fail(400, 'accountExists', { account: r.account }).text(lang) });
    }
  }
}

/**
 * Imports users from an .xlsx (see the module comment).
 * @throws LocalizedError 400 notXlsx / tooManyRows / noImportColumns / importFailed `{ errors }`; 403 roles or positions
 *   the caller does not hold.
 */
export async function importUsers(db: Db, caller: SessionInfo, buf: Buffer, lang: Lang, extra: ExtensionSheet | null = null): Promise<ImportedUser[]> {
  const rows = await readFirstSheet(buf);
  const head = rows.shift()?.values ?? [];
  const map = headerMap(head);
  const extraMap = extra ? extensionHeaderMap(extra, head) : new Map();
  if (!['account', 'realName', 'organize'].every((k) => [...map.values()].some((c) => c.key === k))) throw failVisual(400, 'noImportColumns');
  const cellsOf = (values: unknown[]) => new Map([...map].map(([i, c]) => [c.key, str(values[i])] as const));
  // The template's hint row (grey, second) is skipped when every mapped cell is its hint or empty.
  if (rows[0] && [...cellsOf(rows[0].values)].every(([k, v]) => !v || v === USER_COLUMNS.find((c) => c.key === k)?.hint)) rows.shift();
  if (rows.length > MAX_IMPORT_ROWS) throw failVisual(400, 'tooManyRows', { max: MAX_IMPORT_ROWS });

  const index = await loadNameIndex(db);
  const errors: ImportError[] = [];
  const added = new Map<number, Record<string, unknown>>();
  const drafts = rows
    .map((r) => {
      const d = checkRow(r.row, cellsOf(r.values), index, lang, errors);
      if (!extra) return d;
      const ext = parseExtensionRow(extra, extraMap, r.values, lang);
      if ('errors' in ext) for (const e of ext.errors) errors.push({ row: r.row, ...e });
      else added.set(r.row, ext.values);
      return 'errors' in ext ? null : d;
    })
    .filter((d): d is UserDraft => !!d);
  await checkAccounts(
    db,
    rows.map((r) => ({ row: r.row, account: cellsOf(r.values).get('account') ?? '' })).filter((r) => r.account),
    lang,
    errors,
  );
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    throw failVisual(400, 'importFailed', { count: errors.length }, { errors: errors.slice(0, 1000) });
  }
  const objects = new Map<string, { objectType: 'Role' | 'Position'; objectId: string }>();
  for (const d of drafts) {
    for (const objectId of d.roles) objects.set(`Role:${objectId}`, { objectType: 'Role', objectId });
    for (const objectId of d.positions) objects.set(`Position:${objectId}`, { objectType: 'Position', objectId });
  }
  await assertHolds(db, caller, [...objects.values()]);
  await assertOrgScope(db, caller, drafts.map((d) => d.organizeId), 'add');

  const out: ImportedUser[] = [];
  const prepared: Array<{ d: UserDraft; id: string; hash: string }> = [];
  for (const d of drafts) {
    const password = randomPassword(12);
    out.push({ account: d.account, realName: d.realName, password });
    prepared.push({ d, id: randomUUID(), hash: await hashPassword(md5Hex(password)) });
  }
  await db.transaction().execute(async (trx) => {
    for (const { d, id, hash } of prepared) {
      await trx
        .insertInto('users')
        .values({
          id,
          account: d.account,
          real_name: d.realName,
          password: hash,
          change_pwd_times: 0,
          is_administrator: false,
          gender: d.gender,
          mobile_phone: d.mobilePhone,
          email: d.email,
          organize_id: d.organizeId,
          position_id: d.positions[0] ?? null,
          enabled_mark: d.enabledMark,
          sort_code: 0,
          property_json: '{}',
        })
        .execute();
      const rel = [
        { object_type: 'Organize' as const, object_id: d.organizeId },
        ...d.positions.map((object_id) => ({ object_type: 'Position' as const, object_id })),
        ...d.roles.map((object_id) => ({ object_type: 'Role' as const, object_id })),
      ];
      await trx
        .insertInto('user_relation')
        .values(rel.map((r) => ({ id: randomUUID(), user_id: id, ...r })))
        .execute();
      await insertValues(trx, USER_PAGE, id, added.get(d.row) ?? {});
    }
  });
  return out;
}
