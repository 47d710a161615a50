import type { FastifyRequest } from 'fastify';
import type { MessageLang } from '../../src/engine/validate';

/** Languages of server messages; tw and mas fall back to zh where they have no text of their own. */
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

const tw: Partial<Record<MessageKey, string>> = {
  noPermission: '暫無權限',
  wrongPassword: '賬戶或密碼錯誤，請重新輸入',
  sessionExpired: '登錄過期，請重新登錄',
  required: '{field}不能為空',
  invalid: '{field}格式不正確',
};

const TABLES: Record<Lang, Partial<Record<MessageKey, string>>> = { zh, en, tw, mas: en };

/** The message `key` in `lang` with `{name}` placeholders filled from `vars`. */
export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = TABLES[lang]?.[key] ?? zh[key];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Maps a language tag (`zh-CN`, `en-US`, `zh-TW`, `tw`, `mas`, `ms`) to a Lang; unknown → undefined. */
export function parseLang(tag: unknown): Lang | undefined {
  if (typeof tag !== 'string' || !tag) return undefined;
  const s = tag.trim().toLowerCase();
  if (s.startsWith('en')) return 'en';
  if (s === 'tw' || s === 'zh-tw' || s === 'zh-hk' || s.startsWith('zh-hant')) return 'tw';
  if (s.startsWith('mas') || s.startsWith('ms')) return 'mas';
  if (s.startsWith('zh')) return 'zh';
  return undefined;
}

/**
 * The request's language (design.md §6): a `lang` query/body parameter, else the first Accept-Language tag we know,
 * else zh.
 */
export function requestLang(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  const b = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).lang : undefined;
  const fromParam = parseLang(q) ?? parseLang(b);
  if (fromParam) return fromParam;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const l = parseLang(part.split(';')[0]);
      if (l) return l;
    }
  }
  return 'zh';
}
