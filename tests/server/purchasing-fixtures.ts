import dayjs from 'dayjs';
import { DEMO_PASSWORD, DEMO, demoUserId } from '../../server/src/db/seed/demo-company';
import { PU_MENUS } from '../../server/src/db/seed/purchasing-menus';
import type { TestApp } from './helpers';

/** Purchasing test helpers (issue 17): dates relative to today, a valid requisition body, role grants. */
export const P = '/api/SubDev/PuReq';
/** YYYY-MM-DD, `days` from today. */
export const day = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

/** A valid CreateReq body with `n` general lines (overrides merged). */
export function reqBody(n = 2, over: Record<string, unknown> = {}) {
  return {
    reqType: 'general',
    reqDate: day(0),
    deliveryDate: day(20),
    remark: '测试申请',
    lines: Array.from({ length: n }, (_, i) => ({ materialCode: `FA${String((i % 96) + 1).padStart(4, '0')}`, materialName: '尼龙牛津布', spec: '600D', unit: 'M', quantity: 10 + i, supplier: '福建长乐锦纶织造' })),
    ...over,
  };
}

/** Grants the 采购申请 menu and the given buttons to a demo role. */
export async function grantPuReq(t: TestApp, roleId: string, buttons: string[]): Promise<void> {
  const items = [{ item_type: 'module' as const, item_id: PU_MENUS.requisition }, ...buttons.map((b) => ({ item_type: 'button' as const, item_id: `${PU_MENUS.requisition}:${b}` }))];
  await t.app.db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${roleId}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: roleId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Signs in a demo user by account. */
export const demoLogin = (t: TestApp, account: string) => t.login(account, DEMO_PASSWORD);
export { DEMO, demoUserId };
