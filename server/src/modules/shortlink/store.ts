import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ColumnType } from 'kysely';
import type { Db } from '../../db/types';
import { hashPassword, isMd5Hex, md5Hex, verifyPassword } from '../../lib/password';
import { failWith } from '../dictionary/localized-error';

/** Table visualdev_short_link (migration 0662): one public form link per model. */
interface ShortLinkTable {
  id: string;
  token: string;
  form_use: boolean;
  password_hash: string | null;
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
      columnUnsupported: '暂不支持公开查询',
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
      columnUnsupported: 'Public queries are not supported',
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
}

/**
 * Saves a model's link: creates it with a new random token (32 hex) the first time; the password is stored as
 * Argon2id of its md5 (lib/password.ts, as account passwords). @throws 400 passwordRequired / passwordShort / badExpiry.
 */
export async function saveLink(db: Db, modelId: string, s: LinkSettings, userId: string | null): Promise<LinkRow> {
  const old = await linkOf(db, modelId);
  let passwordHash: string | null = null;
  if (s.passUse) {
    if (s.password) {
      if (s.password.length < 6 || s.password.length > 20) throw fail(400, 'passwordShort');
      passwordHash = await hashPassword(md5Hex(s.password));
    } else if (old?.password_hash) passwordHash = old.password_hash;
    else throw fail(400, 'passwordRequired');
  }
  if (s.expiryTime !== null && s.expiryTime <= Date.now()) throw fail(400, 'badExpiry');
  const values = { form_use: s.formUse, password_hash: passwordHash, expires_at: s.expiryTime === null ? null : new Date(s.expiryTime), updated_by: userId, updated_at: new Date() };
  if (old) {
    await db.updateTable('visualdev_short_link').set(values).where('id', '=', modelId).execute();
  } else {
    await db.insertInto('visualdev_short_link').values({ id: modelId, token: randomBytes(16).toString('hex'), ...values }).execute();
  }
  return (await linkOf(db, modelId))!;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The open link of `modelId` whose token is `token` (the link's `encryption`). @throws 404 linkClosed (no link, other
 * token, or turned off), 410 linkExpired.
 */
export async function openLink(db: Db, modelId: string, token: unknown): Promise<LinkRow> {
  const row = await linkOf(db, modelId);
  if (!row || typeof token !== 'string' || !sameToken(row.token, token) || !row.form_use) throw fail(404, 'linkClosed');
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw fail(410, 'linkExpired');
  return row;
}

/** Checks the md5 hex of a typed password against the link's (true when the link has none). @throws 400 passwordRequired / passwordWrong. */
export async function checkLinkPassword(row: LinkRow, md5: unknown): Promise<void> {
  if (!row.password_hash) return;
  if (md5 === undefined || md5 === null || md5 === '') throw fail(400, 'passwordRequired');
  if (!isMd5Hex(md5) || !(await verifyPassword(row.password_hash, md5))) throw fail(400, 'passwordWrong');
}
