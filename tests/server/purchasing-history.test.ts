import dayjs from 'dayjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInTestApp } from './helpers';
import { DEMO, demoLogin, P } from './purchasing-fixtures';

/**
 * Two years of demo requisition history (issue 17 item 1; db/seed/purchasing-history.ts): a fresh demo database has
 * requisitions spread over the last 24 months with their change logs, approved ones with progress, some rejected or
 * cancelled, none waiting for audit; with KD_DEMO=0 there are none.
 */
const ctx = signedInTestApp();
const call = (url: string, token = ctx.token) => ctx.t.call('GET', url, { token });

afterAll(() => {
  vi.unstubAllEnvs();
});

describe('demo requisition history (issue 17 item 1)', () => {
  it('a fresh demo database has requisitions in at least 20 of the last 24 months, with logs and believable states', async () => {
    const from = dayjs().subtract(24, 'month').format('YYYY-MM-DD');
    const to = dayjs().format('YYYY-MM-DD');
    const months = new Set<string>();
    const states = new Map<string, number>();
    const all: Array<{ id: string; reqDate: string; auditState: number; docState: number; progress: number; reqType: string }> = [];
    for (let page = 1; ; page++) {
      const r = await call(`${P}/SelReq?pageSize=500&currentPage=${page}&startDate=${from}&endDate=${to}`);
      expect(r.code).toBe(200);
      all.push(...r.data.list);
      if (page * 500 >= r.data.pagination.total) break;
    }
    for (const r of all) {
      months.add(r.reqDate.slice(0, 7));
      const k = r.docState === 1 ? 'cancelled' : String(r.auditState);
      states.set(k, (states.get(k) ?? 0) + 1);
    }
    expect(all.length).toBeGreaterThan(500);
    expect(months.size).toBeGreaterThanOrEqual(20);
    // most approved; some rejected, terminated, cancelled; none waiting for audit (no to-dos)
    expect((states.get('6') ?? 0) / all.length).toBeGreaterThan(0.7);
    expect(states.get('3')).toBeGreaterThan(0);
    expect(states.get('cancelled')).toBeGreaterThan(0);
    expect(states.get('2')).toBeUndefined();
    expect(new Set(all.map((r) => r.reqType))).toEqual(new Set(['mno', 'fabric', 'sno', 'outsource', 'general', 'dept']));
    const old = all.filter((r) => r.auditState === 6 && r.docState === 0 && r.reqDate < dayjs().subtract(6, 'month').format('YYYY-MM-DD'));
    expect(old.filter((r) => r.progress === 2).length / old.length).toBeGreaterThan(0.8);

    // one approved requisition by manufacturing order: lines from the seeded materials, its log create → submit → approve
    const mno = all.find((r) => r.reqType === 'mno' && r.auditState === 6) as (typeof all)[number];
    const info = (await call(`${P}/GetReqInfoById/${mno.id}`)).data;
    expect(info).toMatchObject({ organizeName: '采购部', auditState: 6, docState: 0, flowTaskId: null });
    expect(all.every((r) => (r as { flowTaskId?: unknown }).flowTaskId === null)).toBe(true); // no 查看流程: no task
    expect(info.lines.length).toBeGreaterThan(3);
    expect(info.lines[0].materialCode).toMatch(/^(FA|LI)\d{4}$/);
    expect(info.lines[0].bno).toMatch(/^239\d{3}$/);
    expect(info.log.map((l: { action: string }) => l.action)).toEqual(['create', 'submit', 'approve']);
    expect(info.log[2]).toMatchObject({ fromState: 2, toState: 6, userName: '周强' });
    expect(info.log[0].time).toBeLessThan(info.log[2].time);

    // the department scope holds for history too: 李娜 (采购部) opens her department's, not 品管部's
    const lina = await demoLogin(ctx.t, 'lina');
    expect(await call(`${P}/GetReqInfoById/${mno.id}`, lina)).toMatchObject({ code: 200 });
    const quality = all.find((r) => r.reqType === 'dept' && (r as { organizeId?: string }).organizeId === DEMO.departments.quality) as (typeof all)[number];
    expect(await call(`${P}/GetReqInfoById/${quality.id}`, lina)).toMatchObject({ code: 404 });
  });

  it('the open manufacturing orders are untouched: nothing requested yet against MO2026001', async () => {
    const lines = (await ctx.t.call('POST', `${P}/GetManfacDetail`, { token: ctx.token, payload: { mno: 'MO2026001' } })).data.lines;
    expect(lines.every((l: { requested: number }) => l.requested === 0)).toBe(true);
    expect((await call(`${P}/SelReq?organizeId=${DEMO.departments.production}`)).data.pagination.total).toBe(0);
  });

  it('KD_DEMO=0: a fresh database has no requisitions', async () => {
    vi.stubEnv('KD_DEMO', '0');
    const bare = await createTestApp({ adminPassword: 'Bare#Start2026x' });
    try {
      const token = await bare.login('admin', 'Bare#Start2026x');
      expect((await bare.call('GET', `${P}/SelReq?pageSize=10`, { token })).data.pagination.total).toBe(0);
    } finally {
      await bare.close();
      vi.unstubAllEnvs();
    }
  }, 240_000);
});
