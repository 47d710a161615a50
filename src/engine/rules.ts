/**
 * The shared validation catalogue of spec 001 §5 ("Shared rules and messages"), used by field regLists (client and
 * server alike) and by hand-written screens. Pure TypeScript: no DOM, no React.
 *
 * Regex rules are `RegexRule`s: `pattern` is the bare source (for ajv and `new RegExp(pattern, 'u')`), `reg` is the
 * JNPF regList spelling `'/…/'`; `regEntry(name)` gives the `{pattern, message}` to put in `__config__.regList`.
 * Rules a regex cannot express (identity-card checksum, time range, amount size) are functions returning
 * `null` when valid or the message.
 */

/** A catalogue rule expressible as a regular expression. */
export interface RegexRule {
  /** Bare pattern source, valid with the `u` flag (ajv's default). */
  pattern: string;
  /** The spec's message (zh). */
  message: string;
}

const r = (pattern: string, message: string): RegexRule => ({ pattern, message });

/** The regex rules of spec 001 §5, by name. */
export const RULES = {
  /** Mobile phone: 1[3-9] and 9 more digits. */
  mobile: r('^1[3-9]\\d{9}$', '请输入正确的手机号码'),
  /** Password: 6–16 letters and digits, both present. */
  password: r('^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{6,16}$', '6-16位字符的密码（数字和字母组成）'),
  /** Chinese identity card: 18 characters (last may be X) or the legacy 15 digits; see `checkIdCard` for the checksum. */
  idCard: r(
    '^(?:[1-9]\\d{5}(?:18|19|20)\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])\\d{3}[\\dXx]|[1-9]\\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])\\d{3})$',
    '请输入正确的身份证号码',
  ),
  /** E-mail address. */
  email: r('^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$', '请输入正确的邮箱地址'),
  /** Vehicle plate: province, letter, 5 characters (6 for new-energy plates). */
  plate: r('^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]{5}|[A-HJ-NP-Z0-9]{5}[DF])$', '请输入正确的车牌号'),
  /** Chinese characters only. */
  chinese: r('^[\\u4e00-\\u9fa5]+$', '只能输入中文'),
  /** Code: letters, digits and dots; no dot at the start or end. */
  code: r('^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$', '只能输入英文、数字和小数点，且小数点不能在开头或结尾'),
  /** User account: a letter, then letters, digits or underscores. */
  account: r('^[A-Za-z][A-Za-z0-9_]*$', '账号只能以字母开头，由字母、数字或下划线组成'),
  /** Full name: no special characters (letters of any script, digits, spaces, `·`, `-`, `_`, `.` allowed). */
  fullName: r('^[\\p{L}\\p{N}\\s·._-]+$', '名称不能含有特殊字符'),
  /** Numeric-only code. */
  numeric: r('^\\d+$', '只能输入数字'),
  /** Time in whole numbers or multiples of 0.5. */
  halfTime: r('^(?:0|[1-9]\\d*)(?:\\.[05])?$', '时间只能为整数或0.5的倍数'),
  /** Positive integer. */
  positiveInt: r('^[1-9]\\d*$', '请输入正整数'),
  /** Up to 2 decimals and up to 8 integer digits. */
  decimal2: r('^-?(?:0|[1-9]\\d{0,7})(?:\\.\\d{1,2})?$', '最多8位整数，2位小数'),
  /** Up to 3 decimals. */
  decimal3: r('^-?(?:0|[1-9]\\d*)(?:\\.\\d{1,3})?$', '最多3位小数'),
  /** Letters, digits and underscores only. */
  word: r('^[A-Za-z0-9_]+$', '只能输入字母、数字和下划线'),
  /** Integral minutes: HH:mm with minutes 00 or 30. */
  halfHour: r('^(?:[01]\\d|2[0-3]):(?:00|30)$', '分钟只能为00或30'),
  /** IPv4 address. */
  ip: r('^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$', '请输入正确的IP地址'),
} as const satisfies Record<string, RegexRule>;

/** Name of a regex rule of the catalogue. */
export type RuleName = keyof typeof RULES;

const compiled = new Map<string, RegExp>();

/** Tests a value against a catalogue rule; non-strings are converted with String(). */
export function testRule(name: RuleName, value: unknown): boolean {
  let re = compiled.get(name);
  if (!re) {
    re = new RegExp(RULES[name].pattern, 'u');
    compiled.set(name, re);
  }
  return re.test(String(value ?? ''));
}

/** The regList entry of a rule (`{pattern: '/…/', message}`, JNPF spelling; compile.ts strips the slashes). */
export function regEntry(name: RuleName): { pattern: string; message: string } {
  return { pattern: `/${RULES[name].pattern}/`, message: RULES[name].message };
}

/** Every rule as a regList entry, for the designer's rule picker. */
export function catalogue(): Array<{ name: RuleName; pattern: string; message: string }> {
  return (Object.keys(RULES) as RuleName[]).map((name) => ({ name, ...regEntry(name) }));
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Identity card incl. the GB 11643 check digit for 18-character numbers. Returns null when valid, else the message. */
export function checkIdCard(value: string): string | null {
  if (!testRule('idCard', value)) return RULES.idCard.message;
  if (value.length === 15) return null;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17].toUpperCase() ? null : RULES.idCard.message;
}

/** Message of the time-range rule. */
export const TIME_RANGE_MESSAGE = '开始时间必须早于结束时间';

/** Time range (spec 001 §5): both `HH:mm`, start strictly earlier than end. Returns null when valid, else the message. */
export function checkTimeRange(start: string, end: string): string | null {
  const ok = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
  if (!ok.test(start) || !ok.test(end)) return TIME_RANGE_MESSAGE;
  return start < end ? null : TIME_RANGE_MESSAGE;
}

/** Message of the amount-size rule ('amount too large'). */
export const AMOUNT_TOO_LARGE = '金额过大';

/** Chinese amount (spec 001 §5): the integer part may have at most 12 digits. Returns null when valid, else the message. */
export function checkAmount(value: number | string): string | null {
  const n = Number(value);
  if (!Number.isFinite(n)) return '请输入正确的金额';
  return String(Math.trunc(Math.abs(n))).length > 12 ? AMOUNT_TOO_LARGE : null;
}

/** Expiry-date pickers disable dates more than one day before now (spec 001 §5). `date` and `now` in ms. */
export function isExpiryDateDisabled(date: number, now: number = Date.now()): boolean {
  return date < now - 24 * 3600 * 1000;
}
