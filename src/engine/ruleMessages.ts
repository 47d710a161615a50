import { normalisePattern } from './compile';
import { RULES, type RuleName } from './rules';
import type { MessageLang } from './validate';

/**
 * The catalogue rules' messages in every language (issue 25 item 5, one language per screen; spec 001 §5 gives zh,
 * which rules.ts keeps as `RULES[name].message`). A field whose regList entry is a catalogue pattern with no message
 * of its own (what the designer stores when a rule is picked), or with the catalogue's zh message (what older
 * designers copied in), shows the message in the user's language; a message the designer typed wins. Pure TypeScript.
 */
const OTHER: Record<Exclude<MessageLang, 'zh'>, Record<RuleName, string>> = {
  en: {
    mobile: 'Enter a valid mobile number',
    password: 'A password of 6–16 letters and digits (both)',
    idCard: 'Enter a valid identity card number',
    email: 'Enter a valid e-mail address',
    plate: 'Enter a valid vehicle plate',
    chinese: 'Only Chinese characters are allowed',
    code: 'Only letters, digits and dots, not starting or ending with a dot',
    account: 'An account starts with a letter and has only letters, digits or underscores',
    fullName: 'The name must not contain special characters',
    numeric: 'Only digits are allowed',
    halfTime: 'The time must be a whole number or a multiple of 0.5',
    positiveInt: 'Enter a positive whole number',
    decimal2: 'At most 8 integer digits and 2 decimals',
    decimal3: 'At most 3 decimals',
    word: 'Only letters, digits and underscores',
    halfHour: 'Minutes must be 00 or 30',
    ip: 'Enter a valid IP address',
  },
  tw: {
    mobile: '請輸入正確的手機號碼',
    password: '6-16位字元的密碼（數字和字母組成）',
    idCard: '請輸入正確的身分證號碼',
    email: '請輸入正確的郵箱地址',
    plate: '請輸入正確的車牌號',
    chinese: '只能輸入中文',
    code: '只能輸入英文、數字和小數點，且小數點不能在開頭或結尾',
    account: '帳號只能以字母開頭，由字母、數字或底線組成',
    fullName: '名稱不能含有特殊字元',
    numeric: '只能輸入數字',
    halfTime: '時間只能為整數或0.5的倍數',
    positiveInt: '請輸入正整數',
    decimal2: '最多8位整數，2位小數',
    decimal3: '最多3位小數',
    word: '只能輸入字母、數字和底線',
    halfHour: '分鐘只能為00或30',
    ip: '請輸入正確的IP位址',
  },
  mas: {
    mobile: 'Masukkan nombor telefon bimbit yang sah',
    password: 'Kata laluan 6–16 huruf dan digit (kedua-duanya)',
    idCard: 'Masukkan nombor kad pengenalan yang sah',
    email: 'Masukkan alamat e-mel yang sah',
    plate: 'Masukkan nombor plat kenderaan yang sah',
    chinese: 'Hanya aksara Cina dibenarkan',
    code: 'Hanya huruf, digit dan titik, tidak bermula atau berakhir dengan titik',
    account: 'Akaun bermula dengan huruf dan hanya mengandungi huruf, digit atau garis bawah',
    fullName: 'Nama tidak boleh mengandungi aksara khas',
    numeric: 'Hanya digit dibenarkan',
    halfTime: 'Masa mesti nombor bulat atau gandaan 0.5',
    positiveInt: 'Masukkan nombor bulat positif',
    decimal2: 'Paling banyak 8 digit integer dan 2 perpuluhan',
    decimal3: 'Paling banyak 3 perpuluhan',
    word: 'Hanya huruf, digit dan garis bawah',
    halfHour: 'Minit mesti 00 atau 30',
    ip: 'Masukkan alamat IP yang sah',
  },
};

/** The message of catalogue rule `name` in `lang` (zh: the spec's, `RULES[name].message`; unknown languages → zh). */
export function ruleMessage(name: RuleName, lang: MessageLang | string = 'zh'): string {
  return (OTHER as Record<string, Record<RuleName, string>>)[lang]?.[name] ?? RULES[name].message;
}

let byPattern: Map<string, RuleName> | null = null;

/** The catalogue rule whose pattern is `pattern` (bare source or JNPF's `'/…/'` spelling), else undefined. */
export function catalogueRuleOf(pattern: string | undefined | null): RuleName | undefined {
  if (!pattern) return undefined;
  byPattern ??= new Map((Object.keys(RULES) as RuleName[]).map((n) => [RULES[n].pattern, n]));
  return byPattern.get(normalisePattern(pattern));
}

/**
 * The message a regList rule shows in `lang` (spec 001 §5; issue 25 item 5): the rule's own `message` when the
 * designer typed one; for a catalogue pattern whose message is empty or the catalogue's own zh text, the catalogue
 * message in `lang`; otherwise undefined (the caller falls back to the built-in `{label}格式不正确` in `lang`).
 */
export function regRuleMessage(pattern: string | undefined | null, message: string | undefined | null, lang: MessageLang | string = 'zh'): string | undefined {
  const name = catalogueRuleOf(pattern);
  if (name && (!message || message === RULES[name].message)) return ruleMessage(name, lang);
  return message || undefined;
}
