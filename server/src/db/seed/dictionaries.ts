import { createRequire } from 'node:module';
import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import { SEED } from './ids';
import type { SeedContext } from './index';

const require = createRequire(import.meta.url);

/** Currencies listed first (sort_code 1…), the rest follow in code order. */
const FIRST_CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP'];
/** Countries listed first, the rest follow in code order. */
const FIRST_COUNTRIES = ['CN', 'US', 'VN', 'KH', 'BD', 'IN', 'IT', 'DE', 'JP', 'GB', 'FR'];

function rank(first: string[], code: string, index: number): number {
  const i = first.indexOf(code);
  return i >= 0 ? i + 1 : first.length + 1 + index;
}

/**
 * Seeds the dictionary types from real sources (design.md §8): currencies from `currency-codes` (ISO 4217: enCode =
 * code, fullName = currency name, description = numeric code) and countries from `i18n-iso-countries`
 * (enCode = alpha-2, fullName = Chinese name, description = English name).
 */
export default async function seedDictionaries({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('dictionary_type')
    .values([
      { id: SEED.dictCurrency, parent_id: '-1', full_name: '币种', en_code: 'currency', is_tree: 0, sort_code: 1, description: 'ISO 4217 (currency-codes)' },
      { id: SEED.dictCountry, parent_id: '-1', full_name: '国家/地区', en_code: 'country', is_tree: 0, sort_code: 2, description: 'ISO 3166-1 alpha-2 (i18n-iso-countries)' },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const currencies = currencyCodes.data.map((c, i) => ({
    id: `currency-${c.code}`,
    dictionary_type_id: SEED.dictCurrency,
    parent_id: '-1',
    full_name: c.currency,
    en_code: c.code,
    sort_code: rank(FIRST_CURRENCIES, c.code, i),
    description: c.number,
  }));
  await db.insertInto('dictionary_data').values(currencies).onConflict((oc) => oc.column('id').doNothing()).execute();

  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const codes = Object.keys(countries.getAlpha2Codes()).sort();
  const rows = codes.map((code, i) => ({
    id: `country-${code}`,
    dictionary_type_id: SEED.dictCountry,
    parent_id: '-1',
    full_name: countries.getName(code, 'zh') ?? code,
    en_code: code,
    sort_code: rank(FIRST_COUNTRIES, code, i),
    description: countries.getName(code, 'en', { select: 'alias' }) ?? code,
  }));
  await db.insertInto('dictionary_data').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute();
}
