import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ColumnType } from 'kysely';
import type { create } from 'svg-captcha';
import type { Db } from '../../db/types';
import { readSettingsGroup } from '../sysconfig/settings';

/**
 * The sign-in image code (JNPF's 图形验证码, issue 22 item 3: "no captcha unless the system setting turns it on").
 * The setting is JNPF's own pair in sys_config, in the 登录安全 group of our 系统配置 page (schemas/system-settings.ts)
 * and written by JNPF's 系统配置 page too (PUT system/SysConfig, sysconfig/jnpf-sysconfig.ts): `enableVerificationCode`
 * (1 on, else off; default off) and `verificationCodeNumber` (characters, 3–6, default 4). While it is on:
 * - GET /api/oauth/getConfig/{account} says so (the sign-in page then shows the image: Mnxhp src/views/login/index.vue:
 *   245-253, 279-283 `<img src="/api/oauth/ImageCode/{length}/{timestamp}">` with a random `timestamp`);
 * - GET /api/oauth/ImageCode/{length}/{timestamp} draws a new code as an SVG image (svg-captcha) and keeps it (oauth_image_code,
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

/** Reads the setting (see the module comment; 系统配置's 登录安全 group); a missing or malformed value is the default. */
export async function imageCodeSetting(db: Db): Promise<ImageCodeSetting> {
  const security = await readSettingsGroup(db, 'security');
  return { enabled: security.enableVerificationCode === 1, length: security.verificationCodeNumber };
}

/** svg-captcha's main export: draws `text` as glyph outlines (paths, so the characters are not in the markup). */
type CaptchaOptions = NonNullable<Parameters<typeof create>[0]>;
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (text: string, options: CaptchaOptions) => string;

/**
 * An SVG image (120×40, transparent) of `code`, drawn by svg-captcha: each character an outline path of its font,
 * turned at random, in dark greys over lighter grey noise curves (readable on the sign-in forms' white).
 */
export function codeSvg(code: string): string {
  return drawCaptcha(code, { width: 120, height: 40, fontSize: 44, noise: 3, color: false });
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
