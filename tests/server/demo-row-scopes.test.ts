import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo-company';
import { PU_MODELS } from '../../server/src/db/seed/purchasing-models';
import { signedInTestApp } from './helpers';

/**
 * Demo roles that differ by rows (issue 12 item 8; seed/demo-row-scopes.ts): on the 物料 list the purchaser 李娜 sees
 * every material, the supplier staff 郑宏 (宏达五金拉链厂) and 钱美 (美伦织带有限公司) only the materials their own
 * factory supplies; the detail of another supplier's material answers like a missing one.
 */
const ctx = signedInTestApp();
const M = `/api/visualdev/OnlineDev/${PU_MODELS.material}`;

type Row = { id: string; defaultSupplier: string };
const listOf = async (token: string) => {
  const res = await ctx.t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 500 } });
  expect(res.code).toBe(200);
  return { rows: res.data.list as Row[], total: res.data.pagination.total as number };
};

describe('demo roles differ by rows', () => {
  it('李娜 lists every material; 郑宏 and 钱美 only their own factory’s', async () => {
    const { t } = ctx;
    const all = await listOf(await t.login('lina', DEMO_PASSWORD));
    expect(all.total).toBeGreaterThan(100);
    const zheng = await listOf(await t.login('zhenghong', DEMO_PASSWORD));
    expect(zheng.total).toBeGreaterThan(0);
    expect(zheng.total).toBeLessThan(all.total);
    expect(new Set(zheng.rows.map((r) => r.defaultSupplier))).toEqual(new Set(['宏达五金拉链厂']));
    const qian = await listOf(await t.login('qianmei', DEMO_PASSWORD));
    expect(new Set(qian.rows.map((r) => r.defaultSupplier))).toEqual(new Set(['美伦织带有限公司']));
    const foreign = all.rows.find((r) => r.defaultSupplier === '美伦织带有限公司')!;
    const zhengToken = await t.login('zhenghong', DEMO_PASSWORD);
    expect((await t.call('GET', `${M}/${foreign.id}`, { token: zhengToken })).code).toBe(404);
  });
});
