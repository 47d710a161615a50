import type { SeedContext } from './index';

/** The dictionary type of model categories: JNPF's `webDesign` (its design list reads it: Mnxhp src/views/onlineDev/webDesign/index.vue:181 `sort: 'webDesign'`). */
export const MODEL_CATEGORY_TYPE_ID = 'dict-webDesign';

/** The categories the seeded models use, and a few common ones (enCode = the stored `category`). */
const CATEGORIES: Array<[string, string]> = [
  ['supplyChain', '供应链'],
  ['purchase', '采购'],
  ['sales', '销售'],
  ['production', '生产'],
  ['quality', '品质'],
  ['finance', '财务'],
  ['hr', '人事'],
  ['other', '其他'],
];

/**
 * Seeds the model-category dictionary (issue 22 item 4: the design list's 分类 shows the category's name, as JNPF's
 * server answers it: visualdev base-repository.ts categoryNames maps a stored code to this dictionary's fullName).
 * Idempotent: fixed ids, ON CONFLICT DO NOTHING, so existing databases get it on their next start.
 */
export default async function seedModelCategories({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('dictionary_type')
    .values({ id: MODEL_CATEGORY_TYPE_ID, parent_id: '-1', full_name: '功能分类', en_code: 'webDesign', is_tree: 0, sort_code: 10, description: '在线开发模型的分类' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('dictionary_data')
    .values(CATEGORIES.map(([code, name], i) => ({ id: `webDesign-${code}`, dictionary_type_id: MODEL_CATEGORY_TYPE_ID, parent_id: '-1', full_name: name, en_code: code, sort_code: i + 1, description: null })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
