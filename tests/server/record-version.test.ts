import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';
import { field } from './visualdev-fixtures';

/**
 * Issue 27 item 1: no lost update. Every model record has a version; a stale write is merged when the fields do not
 * overlap and refused (code 409, who changed what and when) when they do; nothing accepted is ever overwritten.
 */

let t: TestApp;
let admin: string;
let colleague: string;
let lockedId: string;
const SUP = 'vd-supplier';
const FIELDS = Array.from({ length: 10 }, (_, i) => `f${i}`);

/** A model with `shared` and f0…f9 text fields, and JNPF's concurrencyLock on. */
function lockedModel() {
  return {
    id: '',
    fullName: '并发测试',
    enCode: 'versionLocked',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: 'kd_version_locked', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: { formRef: 'elForm', formModel: 'dataForm', concurrencyLock: true, fields: [field('comInput', 'shared', '共享'), ...FIELDS.map((f) => field('comInput', f, `字段${f}`))] },
    columnData: { type: 1, searchList: [], columnList: [{ prop: 'shared', label: '共享' }], sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
    flowId: null,
    enableFlow: 0,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await createUser(t.app, { account: 'colleague', password: 'Colleague@123', realName: '同事乙' });
  await t.app.db.updateTable('users').set({ is_administrator: true }).where('account', '=', 'colleague').execute();
  colleague = await t.login('colleague', 'Colleague@123');
  const r = await t.call('POST', '/api/visualdev/Base', { token: admin, payload: lockedModel() });
  expect(r).toMatchObject({ code: 200 });
  lockedId = r.data.id;
});
afterAll(async () => {
  await t.close();
});

const createIn = async (modelId: string, record: Record<string, unknown>, token = admin): Promise<string> => {
  const r = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token, payload: record });
  expect(r).toMatchObject({ code: 200 });
  return r.data.id;
};
/**
 * The detail's values as a client edits and sends them back: the flat members. The detail's `data` (the JSON string of
 * the stored values, JNPF's copy, issue 22 item 4) is left out — sent back beside edited members, it would be the record.
 */
const read = async (modelId: string, id: string, token = admin) => {
  const { data: _jnpfCopy, ...values } = (await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}`, { token })).data;
  return values;
};
const update = (modelId: string, id: string, record: Record<string, unknown>, token = admin, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: record, headers });
const history = async (modelId: string, id: string) => (await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${id}/DataChange?pageSize=200`, { token: admin })).data.list as Array<{ action: string; userName: string; changes: Array<{ field: string; after: unknown }> }>;

describe('versions on the wire', () => {
  it('answers the version in detail and list (and JNPF f_version with concurrencyLock on); each update bumps it', async () => {
    const id = await createIn(lockedId, { shared: 'a' });
    const got = await read(lockedId, id);
    expect(got).toMatchObject({ version: 1, f_version: 1 });
    const list = await t.call('POST', `/api/visualdev/OnlineDev/${lockedId}/List`, { token: admin, payload: { typed: true, currentPage: 1, pageSize: 20 } });
    expect(list.data.list.find((r: { id: string }) => r.id === id)).toMatchObject({ version: 1, f_version: 1 });
    // JNPF's client sends the record back with f_version.
    expect(await update(lockedId, id, { ...got, version: undefined, f_version: 1, shared: 'b' })).toMatchObject({ code: 200, data: { version: 2, merged: null } });
    expect(await read(lockedId, id)).toMatchObject({ shared: 'b', version: 2, f_version: 2 });
    const sup = await createIn(SUP, { supplierCode: 'S0901', supplierName: '版本供应商' });
    const s = await read(SUP, sup);
    expect(s.version).toBe(1);
    expect(s.f_version).toBeUndefined();
  });

  it('with concurrencyLock on, refuses a write without a version; with it off, keeps today’s behaviour and records it', async () => {
    const id = await createIn(lockedId, { shared: 'a' });
    expect(await update(lockedId, id, { shared: 'no version' })).toMatchObject({ code: 400, msg: expect.stringContaining('并发锁定') });
    expect(await t.call('DELETE', `/api/visualdev/OnlineDev/${lockedId}/${id}`, { token: admin })).toMatchObject({ code: 400 });
    expect((await read(lockedId, id)).shared).toBe('a');
    const sup = await createIn(SUP, { supplierCode: 'S0902', supplierName: '旧客户端' });
    expect(await update(SUP, sup, { supplierName: '旧客户端改' })).toMatchObject({ code: 200, data: { version: 2 } });
    expect((await history(SUP, sup))[0]).toMatchObject({ action: 'update', changes: [{ field: 'supplierName', after: '旧客户端改' }] });
  });
});

describe('two colleagues on one supplier', () => {
  it('A raises the credit limit, B (older version) corrects the name: merged, both survive', async () => {
    const id = await createIn(SUP, { supplierCode: 'S0911', supplierName: '华美面料', creditLimit: 1000 });
    const seenByA = await read(SUP, id, admin);
    const seenByB = await read(SUP, id, colleague);
    expect(await update(SUP, id, { ...seenByA, creditLimit: 5000 }, admin)).toMatchObject({ code: 200, msg: '修改成功', data: { version: 2, merged: null } });
    const b = await update(SUP, id, { ...seenByB, supplierName: '华美面料有限公司' }, colleague);
    expect(b).toMatchObject({ code: 200, data: { version: 3, merged: { fields: ['信用额度'], users: '管理员' } } });
    expect(b.msg).toContain('合并');
    expect(await read(SUP, id)).toMatchObject({ supplierName: '华美面料有限公司', creditLimit: 5000, version: 3 });
    const h = await history(SUP, id);
    expect(h[0]).toMatchObject({ userName: '同事乙', changes: [{ field: 'supplierName', after: '华美面料有限公司' }] });
  });

  it('B changes the credit limit too: refused with who changed it, when, and the current values; A’s value stays', async () => {
    const id = await createIn(SUP, { supplierCode: 'S0912', supplierName: '恒通辅料', creditLimit: 1000 });
    const seenByA = await read(SUP, id, admin);
    const seenByB = await read(SUP, id, colleague);
    await update(SUP, id, { ...seenByA, creditLimit: 5000 }, admin);
    const b = await update(SUP, id, { ...seenByB, creditLimit: 2000, supplierName: '恒通' }, colleague);
    expect(b).toMatchObject({ code: 409, data: { conflict: { version: 2, fields: [{ field: 'creditLimit', label: '信用额度', mine: 2000, theirs: 5000, base: 1000, userName: '管理员' }], current: { creditLimit: 5000, supplierName: '恒通辅料' } } } });
    expect(b.msg).toMatch(/^管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了信用额度/);
    expect(b.data.conflict.fields[0].time).toBeGreaterThan(Date.now() - 60_000);
    const en = await update(SUP, id, { ...seenByB, creditLimit: 2000 }, colleague, { 'accept-language': 'en' });
    expect(en).toMatchObject({ code: 409, msg: expect.stringMatching(/^管理员 changed 信用额度 at .*not saved/) });
    expect(await read(SUP, id)).toMatchObject({ creditLimit: 5000, supplierName: '恒通辅料', version: 2 });
    // Keep mine: resubmit on the current version.
    expect(await update(SUP, id, { ...seenByB, creditLimit: 2000, version: 2 }, colleague)).toMatchObject({ code: 200, data: { version: 3, merged: null } });
    expect(await read(SUP, id)).toMatchObject({ creditLimit: 2000 });
  });

  it('a delete from an older version is refused and the record stays', async () => {
    const id = await createIn(SUP, { supplierCode: 'S0913', supplierName: '删前' });
    await update(SUP, id, { supplierName: '删前改', version: 1 });
    expect(await t.call('DELETE', `/api/visualdev/OnlineDev/${SUP}/${id}?version=1`, { token: colleague })).toMatchObject({ code: 409 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${SUP}`, { token: colleague, payload: { ids: [id], versions: { [id]: 1 } } })).toMatchObject({ code: 409 });
    expect((await read(SUP, id)).supplierName).toBe('删前改');
    expect(await t.call('DELETE', `/api/visualdev/OnlineDev/${SUP}/${id}?version=2`, { token: colleague })).toMatchObject({ code: 200 });
  });
});

describe('50 concurrent updates from one version', () => {
  it('one wins outright, the others merge or are refused, and the history accounts for every accepted field', async () => {
    const base = { shared: 's0', ...Object.fromEntries(FIELDS.map((f) => [f, `${f}-0`])) };
    const id = await createIn(lockedId, base);
    const seen = await read(lockedId, id);
    // Request i changes one field: even ones `shared`, odd ones f0…f9 in turn (several writers per field).
    const fieldOf = (i: number) => (i % 2 === 0 ? 'shared' : FIELDS[((i - 1) / 2) % FIELDS.length]);
    const written = (i: number) => `w${i}`;
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => update(lockedId, id, { ...seen, [fieldOf(i)]: written(i) })));
    const accepted = replies.flatMap((r, i) => (r.code === 200 ? [i] : []));
    const refused = replies.flatMap((r, i) => (r.code === 409 ? [i] : []));
    expect(accepted.length + refused.length).toBe(50);
    expect(replies.filter((r) => r.code === 200 && r.data.merged === null)).toHaveLength(1);
    // Each field has exactly one accepted writer (the first); later writers of it saw it changed and were refused.
    expect(new Set(accepted.map(fieldOf)).size).toBe(accepted.length);
    expect(accepted.length).toBe(1 + FIELDS.length);
    const final = await read(lockedId, id);
    expect(final.version).toBe(1 + accepted.length);
    for (const i of accepted) expect(final[fieldOf(i)]).toBe(written(i));
    for (const i of refused) {
      const c = replies[i].data.conflict;
      expect(c.fields.map((f: { field: string }) => f.field)).toEqual([fieldOf(i)]);
      expect(c.fields[0]).toMatchObject({ mine: written(i), base: seen[fieldOf(i)] });
    }
    // The history: one update entry per accepted write, holding exactly its field and value.
    const updates = (await history(lockedId, id)).filter((h) => h.action === 'update');
    expect(updates).toHaveLength(accepted.length);
    const logged = updates.flatMap((h) => h.changes.map((c) => `${c.field}=${c.after}`)).sort();
    expect(logged).toEqual(accepted.map((i) => `${fieldOf(i)}=${written(i)}`).sort());
    const versions = await t.app.db.selectFrom('model_data_log').select('version').where('record_id', '=', id).where('action', '=', 'update').orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual(accepted.map((_, k) => k + 2));
  });
});
