import type { ColumnType } from 'kysely';
import type { Db } from '../../db/types';
import { twToZh } from './convert';
import type { LangCode } from './languages';

/** The language dictionary table (migration 0120_shell): one row per term, keyed by an i18n key. */
export interface LangDictTable {
  key: string;
  zh: string;
  en: string | null;
  tw: string | null;
  mas: string | null;
  sort_code: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../db/types' {
  interface Database {
    lang_dict: LangDictTable;
  }
}

/**
 * The dictionary entries of one language as a flat map `{ key: text }` (GetLangSettingsByCode, spec 000 §7 Common),
 * in sort order. Entries without a text in that language fall back to the zh text.
 */
export async function langMessages(db: Db, code: LangCode): Promise<Record<string, string>> {
  const rows = await db.selectFrom('lang_dict').select(['key', 'zh', 'en', 'tw', 'mas']).orderBy('sort_code').orderBy('key').execute();
  const out: Record<string, string> = {};
  for (const r of rows) out[r.key] = r[code] || r.zh;
  return out;
}

/** The outcome of a dictionary translation: the text, and whether an entry was found. */
export interface Translation {
  text: string;
  translated: boolean;
}

/**
 * Translates a simplified Chinese text to `target` (en or mas) through the language dictionary (issue 5 item 5):
 * an exact match on the zh text (trimmed); failing that, the text converted from traditional to simplified.
 * With no entry (or an entry without a `target` text) the source comes back unchanged with `translated: false`.
 */
export async function translateByDict(db: Db, src: string, target: 'en' | 'mas'): Promise<Translation> {
  const text = src.trim();
  if (!text) return { text: src, translated: false };
  const candidates = [...new Set([text, twToZh(text)])];
  const rows = await db.selectFrom('lang_dict').select(['zh', target]).where('zh', 'in', candidates).execute();
  const hit = candidates.map((c) => rows.find((r) => r.zh === c)).find((r) => r?.[target]);
  return hit ? { text: hit[target] as string, translated: true } : { text: src, translated: false };
}
