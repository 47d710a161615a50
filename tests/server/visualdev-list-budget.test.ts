import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalizedError } from '../../server/src/modules/dictionary/localized-error';
import { Gate, listGate, searchShare, withListBudget } from '../../server/src/modules/visualdev/list-budget';
import { createTestApp, type TestApp, usingPostgres } from './helpers';
import { orderModel } from './visualdev-fixtures';

/**
 * The budget of list requests (issue 28 item 3; list-budget.ts): statements over the time budget answer a clear
 * message in the caller's language (on PostgreSQL the server stops them: the list pool's statement_timeout, or SET LOCAL with KD_PG_LIST_POOL=0); list requests
 * go through a bounded gate, so a read by id passes while every list slot is taken.
 */
let t: TestApp;
let token: string;
let id: string;
let recordId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('budget_order', 'kd_budget_order') });
  expect(r.code).toBe(200);
  id = r.data.id;
  const c = await t.call('POST', `/api/visualdev/OnlineDev/${id}`, { token, payload: { orderNo: 'SO-1', customer: '华美面料', status: 'draft' } });
  expect(c.code).toBe(200);
  recordId = c.data.id;
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await t.close();
});

const list = (headers: Record<string, string> = {}) => t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true, keyword: '华美面' }, headers });

/**
 * Takes every slot of the app's list gate; returns their release functions. `cold`: the list caches are emptied first,
 * so every search is counted first and waits for the gate (a search whose small total is cached is not gated).
 */
async function fillGate(cold = true): Promise<Array<() => void>> {
  if (cold) expect((await t.call('DELETE', '/api/system/CacheManage/listTotals', { token })).code).toBe(200);
  const gate = listGate(t.app.db);
  const held: Array<() => void> = [];
  while (gate.busy < gate.size()) held.push(await gate.acquire());
  return held;
}

describe('the time budget', () => {
  it('runs list statements under a statement timeout (PostgreSQL) and answers a slow one with the clear message', async () => {
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '150');
    if (usingPostgres) {
      // The list pool's connections start with the budget; with KD_PG_LIST_POOL=0 a transaction sets it (SET LOCAL).
      for (const listPool of ['1', '0']) {
        vi.stubEnv('KD_PG_LIST_POOL', listPool);
        const setting = await withListBudget(t.app.db, async (db) => (await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(db)).rows[0].s);
        expect(setting, `KD_PG_LIST_POOL=${listPool}`).toMatch(/^1[0-5]\dms$/);
      }
      vi.stubEnv('KD_PG_LIST_POOL', '1');
      // Other statements keep the server's default (none).
      expect((await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(t.app.db)).rows[0].s).toBe('0');
    }
    const started = Date.now();
    // as a search: admitted through the gate before its statement
    const err = await withListBudget(t.app.db, async (db, admit) => {
      await admit(false);
      return sql`select pg_sleep(1)`.execute(db);
    }).catch((e) => e);
    expect(err).toBeInstanceOf(LocalizedError);
    expect((err as LocalizedError<string>).code).toBe(500);
    expect(Date.now() - started).toBeLessThan(800);
    // the answer does not wait for the statement: its slot is freed when PostgreSQL has cancelled it (PGlite cannot
    // interrupt it: there the sleep runs to its end)
    await vi.waitFor(() => expect(listGate(t.app.db).busy).toBe(0), { timeout: 3000, interval: 20 });
  });

  it('answers a list over budget with code 500 and the message in the caller language', async () => {
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '200');
    const held = await fillGate();
    try {
      const zh = await list();
      expect(zh.code).toBe(500);
      expect(zh.msg).toBe('查询超时（超过0.2秒），请输入更具体的关键字或缩小查询条件后重试');
      const en = await list({ 'accept-language': 'en-US' });
      expect(en.msg).toBe('The search took longer than 0.2 s and was stopped; use a more specific keyword or narrow the filters and try again');
    } finally {
      for (const r of held) r();
    }
    expect((await list()).code).toBe(200);
  });

  it('takes its budget from 系统配置 → 列表与搜索 (listTimeoutSeconds) when no override is set; a value out of range is refused', async () => {
    const S = '/api/system/SysConfig/lists';
    expect((await t.call('GET', S, { token })).data).toEqual({ listTotalCap: 10_000, listTimeoutSeconds: 3, version: expect.any(Number) });
    expect(await t.call('PUT', S, { token, payload: { listTimeoutSeconds: 61 } })).toMatchObject({ code: 400, msg: 'listTimeoutSeconds格式不正确' });
    expect(await t.call('PUT', S, { token, payload: { listTimeoutSeconds: 1 } })).toMatchObject({ code: 200 });
    const held = await fillGate();
    try {
      // the message names the budget spent: the setting's one second, not the default three
      expect(await list()).toMatchObject({ code: 500, msg: '查询超时（超过1秒），请输入更具体的关键字或缩小查询条件后重试' });
    } finally {
      for (const r of held) r();
      await t.call('PUT', S, { token, payload: { listTimeoutSeconds: 3 } });
    }
  });
});

describe('the list gate', () => {
  it('lets a read by id and a plain page through while every search slot is taken; the waiting search runs once a slot frees', async () => {
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '10000');
    const held = await fillGate();
    let listed = false;
    const pending = list().then((r) => {
      listed = true;
      return r;
    });
    try {
      const started = Date.now();
      const one = await t.call('GET', `/api/visualdev/OnlineDev/${id}/${recordId}`, { token });
      expect(one.code).toBe(200);
      expect(one.data.customer).toBe('华美面料');
      expect(Date.now() - started).toBeLessThan(2000);
      // a plain page (no keyword, no search field) is not a search: it does not wait for the gate either
      const plain = await t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 20 } });
      expect(plain.data.pagination.total).toBe(1);
      expect(listed).toBe(false);
    } finally {
      for (const r of held) r();
    }
    const r = await pending;
    expect(r.code).toBe(200);
    expect(r.data.list.map((x: { id: string }) => x.id)).toEqual([recordId]);
  });

  it('with a search share of 0.5, a freed slot rests as long as it was held before the next waiting search takes it', async () => {
    const tick = () => new Promise((r) => setTimeout(r, 0));
    for (const share of [0.5, 1]) {
      const gate = new Gate(() => 1, () => share);
      const release = await gate.acquire();
      await new Promise((r) => setTimeout(r, 40));
      let next: (() => void) | null = null;
      const waiting = gate.acquire().then((r) => {
        next = r;
      });
      release();
      await tick();
      // share 1: the waiting search runs at once; share 0.5: not before the slot has rested
      expect(next !== null, `share ${share}`).toBe(share === 1);
      await waiting;
      (next as unknown as () => void)();
      // nobody waits: the slot is free at once
      expect(gate.busy).toBe(0);
    }
    // off unless set
    expect(searchShare()).toBe(1);
    vi.stubEnv('KD_LIST_SEARCH_SHARE', '0.5');
    expect(searchShare()).toBe(0.5);
  });

  it('never lets a search answered over budget take a slot afterwards', async () => {
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '100');
    let ran = false;
    const err = await withListBudget(t.app.db, async (db, admit) => {
      // reaches the gate only after the request has answered (its deadline passed meanwhile)
      await new Promise((r) => setTimeout(r, 250));
      await admit(false);
      ran = true;
      return sql`select 1`.execute(db);
    }).catch((e) => e);
    expect((err as LocalizedError<string>).code).toBe(500);
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toBe(false);
    expect(listGate(t.app.db).busy).toBe(0);
  });

  it('lets a search of known small cost (its total cached, few matches) through while new searches wait for the gate', async () => {
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '10000');
    expect((await list()).code).toBe(200);
    const held = await fillGate(false);
    let fresh = false;
    const pending = t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true, keyword: '面料' } }).then((r) => {
      fresh = true;
      return r;
    });
    try {
      // the keyword listed above: its total is cached, one match
      const known = await list();
      expect(known.code).toBe(200);
      expect(known.data.list.map((x: { id: string }) => x.id)).toEqual([recordId]);
      expect(fresh).toBe(false);
      expect(listGate(t.app.db).waiting).toBe(1);
    } finally {
      for (const r of held) r();
    }
    expect((await pending).data.pagination.total).toBe(1);
  });

  it('without the list pool (KD_PG_LIST_POOL=0) a search takes the gate before its transaction, so waiting holds no connection (PostgreSQL)', async () => {
    if (!usingPostgres) return;
    vi.stubEnv('KD_LIST_TIMEOUT_MS', '10000');
    vi.stubEnv('KD_PG_LIST_POOL', '0');
    const held = await fillGate();
    const waiting = Array.from({ length: 12 }, () => list());
    try {
      // more searches wait than the pool has connections, and a read by id still gets one
      await vi.waitFor(() => expect(listGate(t.app.db).waiting).toBe(12), { timeout: 3000, interval: 20 });
      expect((await t.call('GET', `/api/visualdev/OnlineDev/${id}/${recordId}`, { token })).code).toBe(200);
    } finally {
      for (const r of held) r();
    }
    for (const r of await Promise.all(waiting)) expect(r.code).toBe(200);
  });
});
