import { randomInt } from 'node:crypto';
import type { ColumnType } from 'kysely';
import type { Db } from '../../db/types';

/**
 * The sign-in image code (JNPF's 图形验证码, issue 22 item 3: "no captcha unless the system setting turns it on").
 * The setting is JNPF's own pair in sys_config, written by JNPF's 系统配置 page (PUT system/SysConfig,
 * sysconfig/jnpf-sysconfig.ts): `enableVerificationCode` (1 on, else off; default off) and `verificationCodeNumber`
 * (characters, 3–6, default 4). While it is on:
 * - GET /api/oauth/getConfig/{account} says so (the sign-in page then shows the image: Mnxhp src/views/login/index.vue:
 *   245-253, 279-283 `<img src="/api/oauth/ImageCode/{length}/{timestamp}">` with a random `timestamp`);
 * - GET /api/oauth/ImageCode/{length}/{timestamp} draws a new code as an SVG image and keeps it (oauth_image_code,
 *   migration 0630) for CODE_TTL_MS under that timestamp;
 * - POST /api/oauth/Login needs `code` and `timestamp` (store/modules/user.js:87-97): the code is used once, compared
 *   without case; missing, wrong or expired → 400 验证码错误 before the password is checked.
 * While it is off the image is still drawn (as JNPF's server does) but nothing is kept, and Login ignores the code.
 */

/** How long a drawn code may be used, ms. */
export const CODE_TTL_MS = 5 * 60_000;
/** Characters a code is drawn from (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Table oauth_image_code (migration 0630). */
export interface ImageCodeTable {
  stamp: string;
  code: string;
  expires_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/types' {
  interface Database {
    oauth_image_code: ImageCodeTable;
  }
}

/** The image-code setting: on or off, and the number of characters. */
export interface ImageCodeSetting {
  enabled: boolean;
  length: number;
}

/** Reads the setting (see the module comment); a missing or malformed value is the default. */
export async function imageCodeSetting(db: Db): Promise<ImageCodeSetting> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', ['enableVerificationCode', 'verificationCodeNumber']).execute();
  const v = new Map(rows.map((r) => [r.key, r.value.trim()]));
  const n = Number(v.get('verificationCodeNumber'));
  return { enabled: v.get('enableVerificationCode') === '1', length: Number.isInteger(n) && n >= 3 && n <= 6 ? n : 4 };
}

/** An SVG image (120×40) of `code`: each character turned a little, over noise lines and dots. */
export function codeSvg(code: string): string {
  const w = 120;
  const h = 40;
  const colour = () => `rgb(${randomInt(20, 140)},${randomInt(20, 140)},${randomInt(20, 140)})`;
  const lines = Array.from({ length: 4 }, () => `<line x1="${randomInt(0, w)}" y1="${randomInt(0, h)}" x2="${randomInt(0, w)}" y2="${randomInt(0, h)}" stroke="${colour()}" stroke-width="1"/>`);
  const dots = Array.from({ length: 30 }, () => `<circle cx="${randomInt(0, w)}" cy="${randomInt(0, h)}" r="1" fill="${colour()}"/>`);
  const step = w / (code.length + 1);
  const chars = [...code].map((c, i) => {
    const x = Math.round(step * (i + 0.6));
    const y = randomInt(26, 34);
    return `<text x="${x}" y="${y}" font-family="monospace" font-size="24" font-weight="bold" fill="${colour()}" transform="rotate(${randomInt(-25, 26)} ${x + 7} ${y - 8})">${c}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6f8"/>${lines.join('')}${dots.join('')}${chars.join('')}</svg>`;
}

/**
 * Draws a code of `length` characters for `stamp` and returns its SVG; with `keep` (the setting is on) stores it,
 * replacing an earlier code of the same stamp, and removes expired codes.
 */
export async function issueImageCode(db: Db, stamp: string, length: number, keep: boolean): Promise<string> {
  const code = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  if (keep) {
    const expires = new Date(Date.now() + CODE_TTL_MS);
    await db.deleteFrom('oauth_image_code').where('expires_at', '<', new Date()).execute();
    await db
      .insertInto('oauth_image_code')
      .values({ stamp, code, expires_at: expires })
      .onConflict((oc) => oc.column('stamp').doUpdateSet({ code, expires_at: expires }))
      .execute();
  }
  return codeSvg(code);
}

/** True when `code` is the unexpired code drawn for `stamp` (case ignored). The code is used up either way. */
export async function checkImageCode(db: Db, stamp: string | undefined, code: string | undefined): Promise<boolean> {
  if (!stamp || !code) return false;
  const row = await db.deleteFrom('oauth_image_code').where('stamp', '=', stamp).returning(['code', 'expires_at']).executeTakeFirst();
  return !!row && new Date(row.expires_at).getTime() > Date.now() && row.code.toUpperCase() === code.trim().toUpperCase();
}
