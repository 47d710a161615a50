import type { Lang } from '../../i18n';
import { ApiError } from '../../plugins/envelope';

/** A module's own message table: zh is required, other languages fall back to zh (tw) or en (mas). */
export interface MessageTable<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/** A placeholder value: literal, or per language (e.g. a field label). */
export type MessageVar = string | number | { zh: string; en: string };
/** Placeholder values by name. */
export type MessageVars = Record<string, MessageVar>;

/** Fills `{name}` placeholders in the language `which`. */
function fill(text: string, vars: MessageVars, which: 'zh' | 'en'): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = vars[name];
    if (v === undefined) return m;
    return typeof v === 'object' ? v[which] : String(v);
  });
}

/**
 * An ApiError whose message comes from a module's own table, translated into the request's language by the
 * envelope (which calls `text(lang)`; design.md §6). `message` (for logs and tests) is the zh text.
 */
export class LocalizedError<K extends string> extends ApiError {
  constructor(
    code: number,
    private readonly table: MessageTable<K>,
    private readonly msgKey: K,
    private readonly msgVars: MessageVars = {},
    data: unknown = null,
  ) {
    super(code, fill(table.zh[msgKey], msgVars, 'zh'), data);
  }

  /** The message in `lang` (tw → zh, mas → en). */
  override text(lang: Lang): string {
    const which = lang === 'en' || lang === 'mas' ? 'en' : 'zh';
    return fill(this.table[which][this.msgKey], this.msgVars, which);
  }
}

/** Builds a module's `fail(code, key, vars, data)` that creates LocalizedErrors from its table. */
export function failWith<K extends string>(table: MessageTable<K>) {
  return (code: number, key: K, vars: MessageVars = {}, data: unknown = null) =>
    new LocalizedError<K>(code, table, key, vars, data);
}
