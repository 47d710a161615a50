import { hashPassword, md5Hex } from '../../lib/password';
import { setSupplies } from '../../modules/current-user/settings-repository';
import type { SeedContext } from './index';

/** The demo users' password (plain; printed in README "First steps"). Passes assertAcceptablePassword. */
export const DEMO_PASSWORD = 'Canvas#Bag2026';

/** Fixed ids of the demo company (issue 12 item 8), stable for tests and grants. */
export const DEMO = {
  company: 'org-demo',
  departments: { purchasing: 'org-demo-purchasing', production: 'org-demo-production', quality: 'org-demo-quality', warehouse: 'org-demo-warehouse', sales: 'org-demo-sales', it: 'org-demo-it' },
  roles: { purchaser: 'role-demo-purchaser', purchaseManager: 'role-demo-purchase-manager', inspector: 'role-demo-inspector', warehouseKeeper: 'role-demo-warehouse-keeper', supplier: 'role-demo-supplier' },
} as const;

const d = DEMO.departments;
const r = DEMO.roles;

/** [id, parent, enCode, fullName] */
const ORGS: Array<[string, string, string, string]> = [
  [DEMO.company, '-1', 'FBXB', '帆布箱包有限公司'],
  [d.purchasing, DEMO.company, 'FBXB-PUR', '采购部'],
  [d.production, DEMO.company, 'FBXB-PRD', '生产部'],
  [d.quality, DEMO.company, 'FBXB-QC', '品管部'],
  [d.warehouse, DEMO.company, 'FBXB-WH', '仓储部'],
  [d.sales, DEMO.company, 'FBXB-SALES', '业务部'],
  [d.it, DEMO.company, 'FBXB-IT', '信息部'],
];

/** [id, department, enCode, fullName] */
const POSITIONS: Array<[string, string, string, string]> = [
  ['pos-demo-purchase-manager', d.purchasing, 'fbxbPurchaseManager', '采购主管'],
  ['pos-demo-purchaser', d.purchasing, 'fbxbPurchaser', '采购专员'],
  ['pos-demo-workshop', d.production, 'fbxbWorkshopLead', '车间主任'],
  ['pos-demo-qc-lead', d.quality, 'fbxbQcLead', '品管组长'],
  ['pos-demo-qc', d.quality, 'fbxbQc', '品管专员'],
  ['pos-demo-warehouse-lead', d.warehouse, 'fbxbWarehouseLead', '仓库主管'],
  ['pos-demo-warehouse', d.warehouse, 'fbxbWarehouseClerk', '仓管员'],
  ['pos-demo-sales', d.sales, 'fbxbSales', '业务员'],
  ['pos-demo-it', d.it, 'fbxbIt', '系统专员'],
];

/** [id, enCode, fullName, description] */
const ROLES: Array<[string, string, string, string]> = [
  [r.purchaser, 'purchaser', '采购员', '采购申请与订单'],
  [r.purchaseManager, 'purchaseManager', '采购主管', '审核采购、管理供应商'],
  [r.inspector, 'qcInspector', '品管员', '来料检验'],
  [r.warehouseKeeper, 'warehouseKeeper', '仓管员', '收货、入库、发料'],
  [r.supplier, 'supplier', '供应商', '外部供应商账户，只见本供应商的数据'],
];

/** [account, realName, department, position, role, manager account] */
const USERS: Array<[string, string, string, string, string, string | null]> = [
  ['zhouqiang', '周强', d.purchasing, 'pos-demo-purchase-manager', r.purchaseManager, null],
  ['lina', '李娜', d.purchasing, 'pos-demo-purchaser', r.purchaser, 'zhouqiang'],
  ['wangfang', '王芳', d.purchasing, 'pos-demo-purchaser', r.purchaser, 'zhouqiang'],
  ['zhaolei', '赵磊', d.purchasing, 'pos-demo-purchaser', r.purchaser, 'zhouqiang'],
  ['chenjing', '陈静', d.quality, 'pos-demo-qc-lead', r.inspector, null],
  ['sunli', '孙丽', d.quality, 'pos-demo-qc', r.inspector, 'chenjing'],
  ['liuyang', '刘洋', d.quality, 'pos-demo-qc', r.inspector, 'chenjing'],
  ['huangwei', '黄伟', d.warehouse, 'pos-demo-warehouse-lead', r.warehouseKeeper, null],
  ['zhoumin', '周敏', d.warehouse, 'pos-demo-warehouse', r.warehouseKeeper, 'huangwei'],
  ['wuhao', '吴昊', d.warehouse, 'pos-demo-warehouse', r.warehouseKeeper, 'huangwei'],
  ['zhenghong', '郑宏', d.sales, '', r.supplier, 'zhouqiang'],
  ['qianmei', '钱美', d.sales, '', r.supplier, 'zhouqiang'],
];

/** The two suppliers and their staff accounts: supplier identities (spec 000 §3 Id, SupNo, SupTname; user_supply). */
const SUPPLIERS: Array<[string, { Id: string; SupNo: string; SupTname: string }]> = [
  ['zhenghong', { Id: 'sup-demo-hongda', SupNo: 'S0001', SupTname: '宏达五金拉链厂' }],
  ['qianmei', { Id: 'sup-demo-meilun', SupNo: 'S0002', SupTname: '美伦织带有限公司' }],
];

/** The demo user id of `account`. */
export const demoUserId = (account: string) => `user-demo-${account}`;

/** Demo data is seeded unless KD_DEMO is '0' (production: set KD_DEMO=0 before the first start). */
export function demoEnabled(): boolean {
  return process.env.KD_DEMO !== '0';
}

/**
 * Seeds a believable bag maker (issue 12 item 8), unless KD_DEMO=0: 帆布箱包有限公司 with 采购部, 生产部, 品管部,
 * 仓储部, 业务部, 信息部 (department managers set), positions, the roles 采购员, 采购主管, 品管员, 仓管员, 供应商, and a
 * handful of users per role (managers set; password DEMO_PASSWORD, no forced change), two of them supplier staff with
 * one supplier identity each. Idempotent: fixed ids, ON CONFLICT DO NOTHING; users are only created when missing.
 * Grants per role are the grant work's (helper D); none are given here.
 */
export default async function seedDemoCompany({ db }: SeedContext): Promise<void> {
  if (!demoEnabled()) return;
  await db
    .insertInto('organize')
    .values(ORGS.map(([id, parent, enCode, fullName], i) => ({ id, parent_id: parent, category: i === 0 ? 'company' : 'department', en_code: enCode, full_name: fullName, sort_code: 10 + i })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('position')
    .values(POSITIONS.map(([id, org, enCode, fullName], i) => ({ id, organize_id: org, en_code: enCode, full_name: fullName, sort_code: 10 + i })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('role')
    .values(ROLES.map(([id, enCode, fullName, description], i) => ({ id, en_code: enCode, full_name: fullName, description, type: 'business', global_mark: 1, sort_code: 10 + i })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  const existing = await db.selectFrom('users').select('id').where('id', 'in', USERS.map(([a]) => demoUserId(a))).execute();
  const missing = USERS.filter(([a]) => !existing.some((e) => e.id === demoUserId(a)));
  if (!missing.length) return;
  const password = await hashPassword(md5Hex(DEMO_PASSWORD));
  for (const [account, realName, org, position, role, manager] of missing) {
    const id = demoUserId(account);
    const inserted = await db
      .insertInto('users')
      .values({ id, account, real_name: realName, password, change_pwd_times: 1, organize_id: org, position_id: position || null, manager_id: manager ? demoUserId(manager) : null, property_json: '{}' })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    if (!inserted.length) continue; // the account is taken by someone else: leave it alone
    const rel: Array<['Organize' | 'Position' | 'Role', string]> = [['Organize', org], ['Role', role], ...(position ? [['Position', position] as ['Position', string]] : [])];
    await db
      .insertInto('user_relation')
      .values(rel.map(([type, objectId]) => ({ id: `${id}:${type}:${objectId}`, user_id: id, object_type: type, object_id: objectId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const [dept, manager] of [
    [d.purchasing, 'zhouqiang'],
    [d.quality, 'chenjing'],
    [d.warehouse, 'huangwei'],
  ]) {
    await db.updateTable('organize').set({ manager_id: demoUserId(manager) }).where('id', '=', dept).where('manager_id', 'is', null).execute();
  }
  for (const [account, supply] of SUPPLIERS) {
    if (missing.some(([a]) => a === account)) await setSupplies(db, demoUserId(account), [supply]);
  }
}
