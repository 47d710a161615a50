import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOWFLAKE_EPOCH, Snowflake } from '../../server/src/modules/visualdev/snowflake';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';
import { jnpfExport, jnpfForm } from './visualdev-jnpf-fixture';

/**
 * Issue 27 item 3: JNPF's primaryKeyPolicy — 1 snowflake (64-bit, time-ordered, unique across instances, a string),
 * 2 auto-increment (1, 2, 3…) — honoured at import and table creation; models that say nothing keep uuid keys. Also:
 * concurrencyLock and logicalDelete survive a JNPF import and take effect.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

async function modelWith(enCode: string, table: string, primaryKeyPolicy?: number): Promise<string> {
  const m = orderModel(enCode, table);
  const formData = primaryKeyPolicy === undefined ? m.formData : { ...m.formData, primaryKeyPolicy };
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: { ...m, formData } });
  expect(r).toMatchObject({ code: 200 });
  return r.data.id;
}
const create = async (modelId: string, orderNo: string) => {
  const r = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token, payload: anOrder({ orderNo }) });
  expect(r).toMatchObject({ code: 200 });
  return r.data.id as string;
};

/** A multipart body with one file part. */
function multipart(name: string, content: string) {
  const boundary = `----kd${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('snowflake ids', () => {
  it('are 64-bit decimal strings, strictly increasing, carry the time and the worker, and never repeat within a worker', () => {
    const g = new Snowflake(37);
    const before = Date.now();
    const ids = Array.from({ length: 20_000 }, () => g.next());
    expect(new Set(ids).size).toBe(ids.length);
    const big = ids.map(BigInt);
    for (let i = 1; i < big.length; i++) expect(big[i] > big[i - 1]).toBe(true);
    expect(big.at(-1)! < 2n ** 63n).toBe(true);
    expect(Number(big[0] >> 22n) + SNOWFLAKE_EPOCH).toBeGreaterThanOrEqual(before);
    expect(Number((big[0] >> 12n) & 1023n)).toBe(37);
  });

  it('differ across workers in the same millisecond, and do not go back when the clock does', () => {
    let now = Date.UTC(2026, 0, 1);
    const a = new Snowflake(1, () => now);
    const b = new Snowflake(2, () => now);
    expect(a.next()).not.toBe(b.next());
    const first = BigInt(a.next());
    now -= 5_000;
    expect(BigInt(a.next()) > first).toBe(true);
  });
});

describe('primaryKeyPolicy', () => {
  it('1: records get snowflake ids (strings beyond 2^53, time-ordered) that read, update and delete like any id', async () => {
    const modelId = await modelWith('keySnow', 'kd_key_snow', 1);
    const ids = [await create(modelId, 'SO-K1'), await create(modelId, 'SO-K2')];
    for (const id of ids) expect(id).toMatch(/^\d{17,19}$/);
    expect(BigInt(ids[1]) > BigInt(ids[0])).toBe(true);
    expect(BigInt(ids[0]) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const got = await t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${ids[0]}`, { token });
    expect(got).toMatchObject({ code: 200, data: { id: ids[0], orderNo: 'SO-K1' } });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${ids[0]}`, { token, payload: { customer: '改', version: 1 } })).toMatchObject({ code: 200 });
    expect(await t.call('DELETE', `/api/visualdev/OnlineDev/${modelId}/${ids[1]}`, { token })).toMatchObject({ code: 200 });
  });

  it('2: records get 1, 2, 3… from the table’s own sequence', async () => {
    const modelId = await modelWith('keySeq', 'kd_key_seq', 2);
    expect([await create(modelId, 'SO-S1'), await create(modelId, 'SO-S2'), await create(modelId, 'SO-S3')]).toEqual(['1', '2', '3']);
    const list = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 20 } });
    expect(list.data.list.map((r: { id: string }) => r.id).sort()).toEqual(['1', '2', '3']);
  });

  it('none: uuid keys as before', async () => {
    const modelId = await modelWith('keyUuid', 'kd_key_uuid');
    expect(await create(modelId, 'SO-U1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('a JNPF export keeps primaryKeyPolicy, concurrencyLock and logicalDelete at import, and they take effect', async () => {
    const file = { ...jnpfExport(), enCode: 'customerKeys', formData: JSON.stringify({ ...jnpfForm, primaryKeyPolicy: 2, concurrencyLock: true, logicalDelete: true }) };
    const r = await t.call('POST', '/api/visualdev/Base/Actions/Import', { token, ...multipart('客户信息.json', JSON.stringify(file)) });
    expect(r).toMatchObject({ code: 200 });
    const M = `/api/visualdev/OnlineDev/${r.data.id}`;
    const form = JSON.parse((await t.call('GET', `${M}/Config`, { token })).data.formData);
    expect(form).toMatchObject({ primaryKeyPolicy: 2, concurrencyLock: true, logicalDelete: true });
    const c = await t.call('POST', M, { token, payload: { F_FullName: '华美', F_Phone: '13800138000', F_Country: 'country-CN' } });
    expect(c).toMatchObject({ code: 200, data: { id: '1' } });
    expect((await t.call('GET', `${M}/1`, { token })).data).toMatchObject({ version: 1, f_version: 1 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${r.data.id}/1`, { token, payload: { F_FullName: '华美公司' } })).toMatchObject({ code: 400, msg: expect.stringContaining('并发锁定') });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${r.data.id}/1`, { token, payload: { F_FullName: '华美公司', f_version: 1 } })).toMatchObject({ code: 200 });
    expect(await t.call('DELETE', `${M}/1?version=2`, { token })).toMatchObject({ code: 200 });
    expect((await t.call('GET', `${M}/Recycle`, { token })).data.list.map((x: { id: string }) => x.id)).toEqual(['1']);
  });
});
