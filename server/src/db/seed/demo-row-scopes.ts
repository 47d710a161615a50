import { DEMO, demoEnabled } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';
import { PU_MENUS } from './purchasing-menus';
import { PU_MODELS } from './purchasing-models';

/**
 * Demo roles that differ by rows, not only by menus and buttons (issue 12 item 8): the 物料 model applies data
 * permissions (useDataPermission) with two schemes on its menu — 全部物料 (all data) for 采购员 and 采购主管, and
 * 本供应商物料 (默认供应商 = @currentSupply: the supplier identity the user acts for) for the 供应商 role, which also
 * gets the 物料 menu. So 郑宏 (宏达五金拉链厂) lists the zippers and buckles his factory supplies, 钱美 the webbing of
 * 美伦织带, and 李娜 every material. Only with demo data (KD_DEMO not 0); idempotent (fixed ids).
 */

/** The schemes' ids. */
export const DEMO_SCHEMES = { materialAll: 'scheme-demo-material-all', materialOwnSupplier: 'scheme-demo-material-own-supplier' } as const;

export default async function seedDemoRowScopes({ db }: SeedContext): Promise<void> {
  if (!demoEnabled()) return;
  const model = await db.selectFrom('visualdev').select(['id', 'column_data']).where('id', '=', PU_MODELS.material).executeTakeFirst();
  const roles = await db.selectFrom('role').select('id').where('id', 'in', [DEMO.roles.purchaser, DEMO.roles.purchaseManager, DEMO.roles.supplier]).execute();
  if (!model || roles.length < 3) return;
  const columnData = (typeof model.column_data === 'string' ? JSON.parse(model.column_data) : model.column_data) as Record<string, unknown>;
  if (!columnData.useDataPermission) {
    await db
      .updateTable('visualdev')
      .set({ column_data: JSON.stringify({ ...columnData, useDataPermission: true }) })
      .where('id', '=', PU_MODELS.material)
      .execute();
  }
  await db
    .insertInto('module_data_authorize_scheme')
    .values([
      { id: DEMO_SCHEMES.materialAll, module_id: PU_MENUS.material, full_name: '全部物料', en_code: 'materialAll', condition_json: '[]', all_data: 1 },
      {
        id: DEMO_SCHEMES.materialOwnSupplier,
        module_id: PU_MENUS.material,
        full_name: '本供应商物料',
        en_code: 'materialOwnSupplier',
        condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'defaultSupplier', op: 'Equal', value: '@currentSupply' }] }]),
        all_data: 0,
      },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const grants: Array<[string, 'module' | 'button' | 'resource', string]> = [
    [DEMO.roles.purchaser, 'resource', DEMO_SCHEMES.materialAll],
    [DEMO.roles.purchaseManager, 'resource', DEMO_SCHEMES.materialAll],
    [DEMO.roles.supplier, 'module', SEED.menus.supply],
    [DEMO.roles.supplier, 'module', PU_MENUS.folder],
    [DEMO.roles.supplier, 'module', PU_MENUS.material],
    [DEMO.roles.supplier, 'button', `${PU_MENUS.material}:btn_detail`],
    [DEMO.roles.supplier, 'resource', DEMO_SCHEMES.materialOwnSupplier],
  ];
  await db
    .insertInto('authorize')
    .values(grants.map(([role, type, item]) => ({ id: `grant:${role}:${type}:${item}`, item_type: type, item_id: item, object_type: 'Role' as const, object_id: role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
