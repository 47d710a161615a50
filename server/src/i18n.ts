import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import i18next, { type TOptions } from 'i18next';
import type { MessageLang } from '../../src/engine/validate';
import { zhToTwText } from './modules/i18n/convert';

/**
 * Server messages on one i18next instance of its own (issue 24 item 3): this file's table is the namespace `common`,
 * each module's messages.ts registers its table as a namespace of its own ({@link registerMessages}). zh and en are
 * written by hand; tw is derived from zh with opencc-js as the client derives it (src/i18n/generate-tw.ts); mas uses
 * its own text where a table has one, else en. Placeholders are `{name}` (interpolation prefix `{`, suffix `}`);
 * English plurals are extra keys with i18next's Intl suffixes (`importOk_one` beside `importOk`), chosen by `count`.
 */

/** Languages of server messages: zh (default), en, tw (derived from zh), mas (own text, else en). */
export type Lang = MessageLang;

const zh = {
  ok: '操作成功',
  loginOk: '登录成功',
  logoutOk: '退出成功',
  createOk: '新建成功',
  updateOk: '修改成功',
  deleteOk: '删除成功',
  unlockOk: '解锁成功',
  passwordChanged: '密码修改成功',
  wrongPassword: '账户或密码错误，请重新输入',
  accountDisabled: '账户已被禁用，请联系管理员',
  oldPasswordWrong: '原密码错误，请重新输入',
  samePassword: '新密码不能与原密码相同',
  passwordTooSimple: '密码过于简单，请重新设置',
  passwordIsAccount: '密码不能与账户相同，请重新设置',
  tooManyAttempts: '尝试次数过多，请稍后再试',
  noPermission: '暂无权限',
  notFound: '数据不存在',
  noRoute: '接口不存在',
  sessionExpired: '登录过期，请重新登录',
  forcedOffline: '您已被强制下线，请重新登录',
  passwordChangeDue: '请先修改密码',
  invalidToken: '登录信息无效，请重新登录',
  serverError: '服务器异常，请稍后重试',
  bodyTooLarge: '请求数据过大',
  badRequest: '请求格式不正确',
  required: '{field}不能为空',
  invalid: '{field}格式不正确',
  outOfRange: '{field}超出范围',
  tooLong: '{field}长度不符合要求',
  notAllowed: '{field}的值不在可选范围内',
  sortNotAllowed: '不能按字段{field}排序',
  modelBroken: '模型配置有误：{detail}',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'Success',
  loginOk: 'Signed in',
  logoutOk: 'Signed out',
  createOk: 'Created',
  updateOk: 'Updated',
  deleteOk: 'Deleted',
  unlockOk: 'Unlocked',
  passwordChanged: 'Password changed',
  wrongPassword: 'Wrong account or password',
  accountDisabled: 'This account is disabled; please contact the administrator',
  oldPasswordWrong: 'The old password is wrong',
  samePassword: 'The new password must differ from the old one',
  passwordTooSimple: 'This password is too easy to guess; please choose another',
  passwordIsAccount: 'The password must not be the account name; please choose another',
  tooManyAttempts: 'Too many attempts, please try again later',
  noPermission: 'No permission',
  notFound: 'No such record',
  noRoute: 'No such API',
  sessionExpired: 'Session expired, please sign in again',
  forcedOffline: 'You were signed out by an administrator, please sign in again',
  passwordChangeDue: 'Please change your password first',
  invalidToken: 'Invalid token, please sign in again',
  serverError: 'Server error, please retry later',
  bodyTooLarge: 'Request body too large',
  badRequest: 'Malformed request',
  required: '{field} cannot be empty',
  invalid: '{field} has a wrong format',
  outOfRange: '{field} is out of range',
  tooLong: '{field} has a wrong length',
  notAllowed: '{field} is not one of the options',
  sortNotAllowed: 'Cannot sort by {field}',
  modelBroken: 'The model configuration is broken: {detail}',
};

/** A message table: zh and en (every key; en may add `_one`/`_other` plural forms), mas optional (falls back to en). */
export interface Messages {
  zh: Record<string, string>;
  en: Record<string, string>;
  mas?: Record<string, string>;
}

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'zh',
  fallbackLng: { tw: ['zh'], mas: ['en', 'zh'], default: ['zh'] },
  ns: ['common'],
  defaultNS: 'common',
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  resources: {},
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
});

/** Namespaces whose tw bundle is still to be derived from zh (done on first use: opencc loads its dictionaries once). */
const pendingTw = new Map<string, Record<string, string>>();

/**
 * Registers `table` as the i18next namespace `ns` (replacing an earlier registration of that name). Called once at
 * import by each module's messages.ts (through `failWith`) and below for `common`.
 */
export function registerMessages(ns: string, table: Messages): void {
  instance.addResourceBundle('zh', ns, table.zh, false, true);
  instance.addResourceBundle('en', ns, table.en, false, true);
  if (table.mas) instance.addResourceBundle('mas', ns, table.mas, false, true);
  pendingTw.set(ns, table.zh);
}

registerMessages('common', { zh, en });

/** Adds the tw bundle of `ns`, each zh text converted with opencc (cn → Taiwan phrases), when not done yet. */
function deriveTw(ns: string): void {
  const source = pendingTw.get(ns);
  if (!source) return;
  pendingTw.delete(ns);
  const tw: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) tw[k] = zhToTwText(v);
  instance.addResourceBundle('tw', ns, tw, false, true);
}

/**
 * The message `key` of namespace `ns` in `lang`, `{name}` placeholders filled from `vars` (unknown ones stay as
 * they are; values are never interpolated again). A numeric `vars.count` picks the plural form (`key_one`/`key_other`
 * by Intl plural rules, else `key`). A key missing in `lang` falls back (tw → zh, mas → en → zh); unknown → the key.
 */
export function translate(lang: Lang, ns: string, key: string, vars: Record<string, string | number> = {}): string {
  if (lang === 'tw') deriveTw(ns);
  const count = vars.count === undefined || vars.count === '' ? Number.NaN : Number(vars.count);
  const options = { lng: lang, ns, replace: vars, nest: false, ...(Number.isFinite(count) ? { count } : {}) } as TOptions;
  return instance.t(key, options) as string;
}

/** The `common` message `key` in `lang` with `{name}` placeholders filled from `vars` (see {@link translate}). */
export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return translate(lang, 'common', key, vars);
}

/** Maps a language tag (`zh-CN`, `en-US`, `zh-TW`, `zh-HK`, `zh-Hant`, `tw`, `mas`, `ms`) to a Lang; unknown → undefined. */
export function parseLang(tag: unknown): Lang | undefined {
  if (typeof tag !== 'string' || !tag) return undefined;
  const s = tag.trim().toLowerCase();
  if (s === 'en' || s.startsWith('en-')) return 'en';
  if (s === 'tw' || /^zh-(tw|hk|mo|hant)\b/.test(s)) return 'tw';
  if (s === 'mas' || s === 'ms' || s.startsWith('ms-') || s === 'may' || s === 'msa') return 'mas';
  if (s === 'zh' || s.startsWith('zh-')) return 'zh';
  return undefined;
}

/**
 * The language an Accept-Language header prefers, q-values honoured (`en;q=0.1, zh-CN;q=0.9` → zh), by
 * @fastify/accept-negotiator: each tag is first mapped to its Lang (`zh-HK` → tw, `en-GB` → en), and languages of
 * equal quality keep the header's order. Undefined when the header names none of ours (`*` → the first one named, else zh).
 */
export function negotiateLang(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const mapped = header.replace(/[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*/g, (tag) => (tag === 'q' ? tag : (parseLang(tag) ?? tag)));
  const named = mapped.match(/\b(?:zh|en|tw|mas)\b/g) ?? [];
  const order = [...new Set([...named, 'zh', 'en', 'tw', 'mas'])] as Lang[];
  return negotiate(mapped, order) ?? undefined;
}

/**
 * The request's language (design.md §6; issue 24 item 3): the signed-in user's saved language (Current/SystemLanguage),
 * else a `lang` query/body parameter (the login form's `lang`, spec 000 §3), else Accept-Language by q-value, else zh.
 */
export function requestLang(req: FastifyRequest): Lang {
  const saved = parseLang(req.auth?.language);
  if (saved) return saved;
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  const b = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).lang : undefined;
  const fromParam = parseLang(q) ?? parseLang(b);
  if (fromParam) return fromParam;
  const header = req.headers['accept-language'];
  return negotiateLang(typeof header === 'string' ? header : undefined) ?? 'zh';
}
