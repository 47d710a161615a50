import { DEMO, demoEnabled } from './demo-company';
import { seedModelButtons } from './menus';
import { SEED } from './ids';
import type { SeedContext } from './index';
import { PU_MODELS } from './purchasing-models';

/** Fixed menu ids of 采购管理 (issue 17). */
export const PU_MENUS = { folder: 'menu-purchasing', requisition: 'menu-pu-req', material: 'menu-pu-material', manfac: 'menu-pu-manfac' } as const;
/** The requisition page's enCode (the access.menu of modules/purchasing/routes.ts). */
export const PU_REQ_MENU = 'puReq';

/** The requisition page's buttons [enCode, name]: btn_audit guards the review actions of Upstatu, btn_outsource UpdateOutsourcingReq. */
const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_audit', '审核'],
  ['btn_outsource', '外发登记'],
  ['btn_download', '导出'],
];

/** Units of measure [code, 名称, English]. */
export const UNITS: Array<[string, string, string]> = [
  ['M', '米', 'metre'],
  ['YD', '码', 'yard'],
  ['PCS', '个', 'piece'],
  ['SET', '套', 'set'],
  ['TIAO', '条', 'strip'],
  ['ZHANG', '张', 'sheet'],
  ['KG', '千克', 'kilogram'],
  ['ROLL', '卷', 'roll'],
  ['CONE', '轴', 'cone'],
  ['BOX', '箱', 'carton'],
  ['PAIR', '对', 'pair'],
  ['SQM', '平方米', 'square metre'],
];

/**
 * Seeds 采购管理 (a folder under 供应链, so the top-level menu list is unchanged) with 采购申请 (type 2,
 * purchasing/requisition, enCode puReq, its buttons), 物料 and 制单 (type 3 pages of the seeded models, with the model
 * buttons), all granted to the administrator role; the bill rule PurchaseRequisition (PR + YYYYMMDD + 4 digits) and the
 * units. Unless KD_DEMO=0 the demo roles get the requisition page too: 采购员 (add, edit, remove, export) and 采购主管
 * (those plus btn_audit and btn_outsource), both with 物料 and 制单 to view (btn_detail). Idempotent (fixed ids,
 * ON CONFLICT DO NOTHING).
 */
export default async function seedPurchasingMenus({ db }: SeedContext): Promise<void> {
  const m = PU_MENUS;
  const base = { link_target: '_self', category: 'Web' } as const;
  await db
    .insertInto('module')
    .values([
      { ...base, id: m.folder, parent_id: SEED.menus.supply, full_name: '采购管理', en_code: 'purchasing', icon: 'ShoppingCartOutlined', type: 1, url_address: 'purchasing', property_json: '{}', sort_code: 20 },
      { ...base, id: m.requisition, parent_id: m.folder, full_name: '采购申请', en_code: PU_REQ_MENU, icon: 'FileAddOutlined', type: 2, url_address: 'purchasing/requisition', property_json: '{}', sort_code: 1 },
      { ...base, id: m.material, parent_id: m.folder, full_name: '物料', en_code: 'puMaterial', icon: 'AppstoreOutlined', type: 3, url_address: 'model/puMaterial', property_json: JSON.stringify({ moduleId: PU_MODELS.material, isTree: 0 }), sort_code: 2 },
      { ...base, id: m.manfac, parent_id: m.folder, full_name: '制单', en_code: 'puManfac', icon: 'ProfileOutlined', type: 3, url_address: 'model/puManfac', property_json: JSON.stringify({ moduleId: PU_MODELS.manfac, isTree: 0 }), sort_code: 3 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${m.requisition}:${enCode}`, module_id: m.requisition, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedModelButtons(db, m.material);
  await seedModelButtons(db, m.manfac);
  const ids = Object.values(m);
  const buttons = await db.selectFrom('module_button').select('id').where('module_id', 'in', ids).execute();
  const grants = [...ids.map((id) => ({ item_type: 'module' as const, item_id: id })), ...buttons.map((b) => ({ item_type: 'button' as const, item_id: b.id }))];
  await db
    .insertInto('authorize')
    .values(grants.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (demoEnabled()) {
    const req = (b: string[]) => [m.folder, m.requisition, m.material, m.manfac].map((id) => ['module', id]).concat(b.map((x) => ['button', `${m.requisition}:${x}`]), [m.material, m.manfac].map((id) => ['button', `${id}:btn_detail`]));
    const roles: Array<[string, string[][]]> = [
      [DEMO.roles.purchaser, req(['btn_add', 'btn_edit', 'btn_remove', 'btn_download'])],
      [DEMO.roles.purchaseManager, req(['btn_add', 'btn_edit', 'btn_remove', 'btn_download', 'btn_audit', 'btn_outsource'])],
    ];
    const exists = await db.selectFrom('role').select('id').where('id', 'in', roles.map(([r]) => r)).execute();
    for (const [role, items] of roles) {
      if (!exists.some((e) => e.id === role)) continue;
      await db
        .insertInto('authorize')
        .values(items.map(([type, id]) => ({ id: `grant:${role}:${type}:${id}`, item_type: type as 'module' | 'button', item_id: id as string, object_type: 'Role' as const, object_id: role })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  await db
    .insertInto('bill_rule')
    .values({ id: 'bill-rule-pu-req', full_name: '采购申请单', en_code: 'PurchaseRequisition', prefix: 'PR', date_format: 'YYYYMMDD', digit: 4, start_number: 1, description: '采购申请单号', sort_code: 30 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('pu_unit')
    .values(UNITS.map(([code, name, en], i) => ({ code, name, en_name: en, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
