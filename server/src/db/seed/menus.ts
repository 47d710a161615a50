import type { Db } from '../types';
import { SEED } from './ids';
import type { SeedContext } from './index';

/**
 * The model menu's buttons (spec 000 §6 default codes; permissions.md: online lists check btn_<value>), and 回收站
 * (btn_recycle: the model's recycle bin, issue 27 item 2; visualdev/recycle-routes.ts). Same list as menu/fill.ts.
 */
const MODEL_BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
  ['btn_download', '导出'],
  ['btn_upload', '导入'],
  ['btn_recycle', '回收站'],
];

/**
 * Adds the model buttons to a type-3 menu (ids `<moduleId>:<enCode>`), idempotent: a database seeded before a button
 * existed gets it at the next start (the callers then grant every button of their menus to the administrator role).
 */
export async function seedModelButtons(db: Db, moduleId: string): Promise<void> {
  await db
    .insertInto('module_button')
    .values(MODEL_BUTTONS.map(([enCode, fullName], i) => ({ id: `${moduleId}:${enCode}`, module_id: moduleId, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Seeds the menus (spec 000 §2 menu types): folder 系统管理 with pages 数据字典 (type 2, systemData/dictionary), 单据规则
 * (system/billRule) and 在线开发 (onlineDev/webDesign, the model admin page); folder
 * 供应链 with the supplier model page (type 3, model/supplier, propertyJson.moduleId = the model id) and its buttons.
 * The administrator role is granted every seeded menu and button.
 */
export default async function seedMenus({ db }: SeedContext): Promise<void> {
  const m = SEED.menus;
  await db
    .insertInto('module')
    .values([
      { id: m.system, parent_id: '-1', full_name: '系统管理', en_code: 'system', icon: 'SettingOutlined', type: 1, url_address: 'system', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 90 },
      { id: m.dictionary, parent_id: m.system, full_name: '数据字典', en_code: 'dictionary', icon: 'BookOutlined', type: 2, url_address: 'systemData/dictionary', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 1 },
      { id: m.billRule, parent_id: m.system, full_name: '单据规则', en_code: 'billRule', icon: 'NumberOutlined', type: 2, url_address: 'system/billRule', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 2 },
      { id: m.webDesign, parent_id: m.system, full_name: '在线开发', en_code: 'webDesign', icon: 'AppstoreAddOutlined', type: 2, url_address: 'onlineDev/webDesign', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 3 },
      { id: m.supply, parent_id: '-1', full_name: '供应链', en_code: 'supplyChain', icon: 'ShopOutlined', type: 1, url_address: 'supplyChain', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 10 },
      {
        id: m.supplier,
        parent_id: m.supply,
        full_name: '供应商',
        en_code: 'supplier',
        icon: 'TeamOutlined',
        type: 3,
        url_address: 'model/supplier',
        link_target: '_self',
        category: 'Web',
        property_json: JSON.stringify({ moduleId: SEED.supplierModel, isTree: 0 }),
        sort_code: 1,
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await seedModelButtons(db, m.supplier);
  for (const page of [m.dictionary, m.billRule, m.webDesign]) {
    await db
      .insertInto('module_button')
      .values(MODEL_BUTTONS.slice(0, 3).map(([enCode, fullName], i) => ({ id: `${page}:${enCode}`, module_id: page, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // 数据字典 also shows an item read-only (详情, the dictionary page config's detail button; issue 26).
  await db
    .insertInto('module_button')
    .values({ id: `${m.dictionary}:btn_detail`, module_id: m.dictionary, parent_id: '-1', full_name: '详情', en_code: 'btn_detail', sort_code: 4 })
    .onConflict((oc) => oc.doNothing())
    .execute();

  const modules = await db.selectFrom('module').select('id').where('id', 'in', Object.values(m)).execute();
  const buttons = await db.selectFrom('module_button').select('id').where('module_id', 'in', Object.values(m)).execute();
  const grants = [...modules.map((r) => ({ item_type: 'module' as const, item_id: r.id })), ...buttons.map((r) => ({ item_type: 'button' as const, item_id: r.id }))];
  await db
    .insertInto('authorize')
    .values(grants.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
