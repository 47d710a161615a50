import { randomBytes } from 'node:crypto';
import type { ColumnType } from 'kysely';
import type { Db } from '../../db/types';
import { hashPassword, isMd5Hex, md5Hex, verifyPassword } from '../../lib/password';
import { failWith } from '../dictionary/localized-error';
import { decodeLink, type LinkType, linkKey, sameSecret } from './encryption';

/** Table visualdev_short_link (migrations 0662, 0686): one public form link and one public query per model. */
interface ShortLinkTable {
  id: string;
  token: string;
  form_use: boolean;
  password_hash: string | null;
  column_use: ColumnType<boolean, boolean | undefined, boolean>;
  column_password_hash: string | null;
  /** `__vModel__`s the public query searches by (JSON array). */
  column_condition: ColumnType<string[], string | undefined, string>;
  /** `__vModel__`s the public query shows (JSON array). */
  column_text: ColumnType<string[], string | undefined, string>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../db/types' {
  interface Database {
    visualdev_short_link: ShortLinkTable;
  }
}

/** The messages of the short-link routes (namespace `shortlink`; tw derived from zh). */
export const fail = failWith(
  {
    zh: {
      linkClosed: '外链不存在或已关闭',
      linkExpired: '外链已过期',
      passwordRequired: '请输入密码',
      passwordWrong: '密码错误',
      passwordShort: '密码须为6-20位',
      columnFieldUnknown: '公开查询只能选择外链表单中的字段',
      subTableField: '公开查询不能使用子表字段「{field}」：只能按主表字段查询和显示',
      badExpiry: '有效期须晚于现在',
      saveOk: '保存成功',
      submitOk: '提交成功',
    },
    en: {
      linkClosed: 'This link does not exist or has been closed',
      linkExpired: 'This link has expired',
      passwordRequired: 'Enter the password',
      passwordWrong: 'Wrong password',
      passwordShort: 'The password must have 6 to 20 characters',
      columnFieldUnknown: 'A public query can only use fields of the public form',
      subTableField: 'A public query cannot use the sub-table field "{field}": it searches and shows main-table fields only',
      badExpiry: 'The expiry must be in the future',
      saveOk: 'Saved',
      submitOk: 'Submitted',
    },
    mas: {
      linkClosed: 'Pautan ini tidak wujud atau telah ditutup',
      linkExpired: 'Pautan ini telah tamat tempoh',
      passwordRequired: 'Masukkan kata laluan',
      passwordWrong: 'Kata laluan salah',
      submitOk: 'Dihantar',
    },
  },
  'shortlink',
);

/** The stored link of a model, or null. */
export function linkOf(db: Db, modelId: string) {
  return db.selectFrom('visualdev_short_link').selectAll().where('id', '=', modelId).executeTakeFirst();
}

/** A stored link row. */
export type LinkRow = NonNullable<Awaited<ReturnType<typeof linkOf>>>;

/** What an administrator saves (JNPF's ShortLinkDialog fields that we honour, and our `expiryTime`). */
export interface LinkSettings {
  formUse: boolean;
  /** True: a password is needed; `password` (plain, 6–20 characters) replaces the stored one, empty keeps it. */
  passUse: boolean;
  password: string;
  /** ms since the epoch, or null (never expires). */
  expiryTime: number | null;
  /** 公开查询 on/off, its password (as passUse/password) and the fields it searches by and shows (checked by the caller). */
  columnUse: boolean;
  columnPassUse: boolean;
  columnPassword: string;
  columnCondition: string[];
  columnText: string[];
}

/** The Argon2id of a new password, the stored one when `password` is empty, null when `use` is off. @throws 400. */
async function passwordHashOf(use: boolean, password: string, old: string | null | undefined): Promise<string | null> {
  if (!use) return null;
  if (password) {
    if (password.length < 6 || password.length > 20) throw fail(400, 'passwordShort');
    return hashPassword(md5Hex(password));
  }
  if (old) return old;
  throw fail(400, 'passwordRequired');
}

/**
 * Saves a model's link: creates it with a new random token (32 hex) the first time; the password is stored as
 * Argon2id of its md5 (lib/password.ts, as account passwords). @throws 400 passwordRequired / passwordShort / badExpiry.
 */
export async function saveLink(db: Db, modelId: string, s: LinkSettings, userId: string | null): Promise<LinkRow> {
  const old = await linkOf(db, modelId);
  const passwordHash = await passwordHashOf(s.passUse, s.password, old?.password_hash);
  const columnPasswordHash = await passwordHashOf(s.columnPassUse, s.columnPassword, old?.column_password_hash);
  if (s.expiryTime !== null && s.expiryTime <= Date.now()) throw fail(400, 'badExpiry');
  const values = {
    form_use: s.formUse,
    password_hash: passwordHash,
    column_use: s.columnUse,
    column_password_hash: columnPasswordHash,
    column_condition: JSON.stringify(s.columnCondition),
    column_text: JSON.stringify(s.columnText),
    expires_at: s.expiryTime === null ? null : new Date(s.expiryTime),
    updated_by: userId,
    updated_at: new Date(),
  };
  if (old) {
    await db.updateTable('visualdev_short_link').set(values).where('id', '=', modelId).execute();
  } else {
    await db.insertInto('visualdev_short_link').values({ id: modelId, token: randomBytes(16).toString('hex'), ...values }).execute();
  }
  return (await linkOf(db, modelId))!;
}

/** An open page of a link: the row and which page the `encryption` value opens. */
export interface OpenLink {
  row: LinkRow;
  type: LinkType;
}

/**
 * The open link of `modelId` whose `encryption` value (encryption.ts) names this model and carries the key of one of
 * its pages; a link saved before 0686 carried the bare token, which still opens the form. `only`: the page the route
 * serves. @throws 404 linkClosed (no link, another model's or a made-up value, the other page's value, or the page
 * turned off), 410 linkExpired.
 */
export async function openLink(db: Db, modelId: string, encryption: unknown, only?: LinkType): Promise<OpenLink> {
  const row = await linkOf(db, modelId);
  if (!row || typeof encryption !== 'string') throw fail(404, 'linkClosed');
  const p = decodeLink(encryption);
  const type: LinkType | null = p ? (p.modelId === modelId && sameSecret(p.key, linkKey(row.token, p.type)) ? p.type : null) : sameSecret(row.token, encryption) ? 'form' : null;
  if (!type || (only && type !== only) || !(type === 'form' ? row.form_use : row.column_use)) throw fail(404, 'linkClosed');
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw fail(410, 'linkExpired');
  return { row, type };
}

/**
 * Checks the md5 hex of a typed password against the page's (passes when that page has none, or, without a password
 * given, when `unlocked`: the request carries checkPwd's unlock cookie, unlock.ts).
 * @throws 400 passwordRequired / passwordWrong.
 */
export async function checkLinkPassword(link: OpenLink, md5: unknown, unlocked = false): Promise<void> {
  const hash = link.type === 'form' ? link.row.password_hash : link.row.column_password_hash;
  if (!hash) return;
  if ((md5 === undefined || md5 === null || md5 === '') && unlocked) return;
  if (md5 === undefined || md5 === null || md5 === '') throw fail(400, 'passwordRequired');
  if (!isMd5Hex(md5) || !(await verifyPassword(hash, md5))) throw fail(400, 'passwordWrong');
}
