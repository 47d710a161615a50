import { type Lang, type Messages, registerMessages, translate } from '../../i18n';
import { ApiError } from '../../plugins/envelope';
import { zhToTwText } from '../i18n/convert';

/**
 * A module's own message table (issue 24 item 3: registered as an i18next namespace, see server/src/i18n.ts): zh and
 * en have every key; en may add plural forms (`importOk_one: 'Imported {count} record'`) picked by a numeric `count`;
 * mas is optional (falls back to en); tw is derived from zh with opencc.
 */
export interface MessageTable<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string> & Partial<Record<`${K}_${PluralSuffix}`, string>>;
  mas?: Partial<Record<K, string>>;
}

/** i18next's plural suffixes (Intl.PluralRules categories). */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A placeholder value: literal, or per language (e.g. a field label; tw derived from zh, mas from en). */
export type MessageVar = string | number | { zh: string; en: string; mas?: string };
/** Placeholder values by name. */
export type MessageVars = Record<string, MessageVar>;

/** `vars` with per-language values resolved for `lang`. */
export function varsIn(vars: MessageVars, lang: Lang): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(vars)) {
    if (typeof v !== 'object') out[name] = v;
    else if (lang === 'zh') out[name] = v.zh;
    else if (lang === 'tw') out[name] = zhToTwText(v.zh);
    else if (lang === 'mas') out[name] = v.mas ?? v.en;
    else out[name] = v.en;
  }
  return out;
}

/** The namespace each registered table got. */
const namespaces = new WeakMap<object, string>();
let anonymous = 0;

/** The i18next namespace of `table`, registering it (as `ns`, or a generated name) on first sight. */
function namespaceOf(table: MessageTable<string>, ns?: string): string {
  const known = namespaces.get(table);
  if (known && (!ns || known === ns)) return known;
  const name = ns ?? `module${++anonymous}`;
  registerMessages(name, table as Messages);
  namespaces.set(table, name);
  return name;
}

/**
 * An ApiError whose message comes from a module's own table (an i18next namespace), translated into the request's
 * language by the envelope (which calls `text(lang)`; design.md §6). `message` (for logs and tests) is the zh text.
 */
export class LocalizedError<K extends string> extends ApiError {
  private readonly ns: string;

  constructor(
    code: number,
    table: MessageTable<K>,
    private readonly msgKey: K,
    private readonly msgVars: MessageVars = {},
    data: unknown = null,
  ) {
    const ns = namespaceOf(table as MessageTable<string>);
    super(code, translate('zh', ns, msgKey, varsIn(msgVars, 'zh')), data);
    this.ns = ns;
  }

  /** The message in `lang` (tw derived from zh, mas → en). */
  override text(lang: Lang): string {
    return translate(lang, this.ns, this.msgKey, varsIn(this.msgVars, lang));
  }
}

/**
 * Registers `table` as the i18next namespace `ns` (a generated name without one) and builds the module's
 * `fail(code, key, vars, data)`, which creates LocalizedErrors from it.
 */
export function failWith<K extends string>(table: MessageTable<K>, ns?: string) {
  namespaceOf(table as MessageTable<string>, ns);
  return (code: number, key: K, vars: MessageVars = {}, data: unknown = null) => new LocalizedError<K>(code, table, key, vars, data);
}
