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
  await seedPositionTypes(db);
}

/** 岗位类型 (enCode `PositionType`, the type JNPF v3.4's 岗位管理 form lists: Mnxhp views/permission/position/Form.vue:89-91). */
const POSITION_TYPES = ['管理岗', '技术岗', '业务岗', '职能岗', '生产岗'];

/**
 * Seeds the 岗位类型 dictionary. JNPF's position form stores the picked item's enCode as the position's `type` and its
 * list shows `type` as stored, so each item's enCode is its name.
 */
async function seedPositionTypes(db: SeedContext['db']): Promise<void> {
  await db
    .insertInto('dictionary_type')
    .values({ id: 'dict-position-type', parent_id: '-1', full_name: '岗位类型', en_code: 'PositionType', is_tree: 0, sort_code: 22, description: '岗位管理的岗位类型' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const items = POSITION_TYPES.map((name, i) => ({ id: `position-type-${i + 1}`, dictionary_type_id: 'dict-position-type', parent_id: '-1', full_name: name, en_code: name, sort_code: i + 1, description: null }));
  await db.insertInto('dictionary_data').values(items).onConflict((oc) => oc.column('id').doNothing()).execute();
}
