import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { PNG } from './file-fixtures';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * The input guard (issue 20 item 5, server/src/plugins/input-guard.ts): NUL, lone surrogates, reserved keys,
 * non-finite numbers and deep nesting in any string of params, query, JSON/form bodies and multipart parts answer
 * the envelope's 400 naming the field, before anything is written.
 */

let t: TestApp;
let token: string;
let orderUrl: string;
beforeAll(async () => {
  // A route that sends PostgreSQL a value it refuses (a data exception, SQLSTATE 22P02), as an unvalidated input would.
  const probe = async (app: FastifyInstance) => {
    app.get('/api/test/data-exception', { config: { access: 'public' } }, async () => (await sql`select ${'x'}::int as n`.execute(app.db)).rows);
  };
  t = await createTestApp({ appOptions: { plugins: [probe] } });
  token = await t.login();
  const model = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('guardOrder', 'kd_guard_order') });
  expect(model.code).toBe(200);
  orderUrl = `/api/visualdev/OnlineDev/${model.data.id}`;
});
afterAll(async () => {
  await t.close();
});

async function count(table: string): Promise<number> {
  const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(t.app.db);
  return Number(r.rows[0].n);
}

/** POSTs raw JSON text (so `1e400` and deep nesting reach the server as written). */
function postRaw(url: string, text: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': 'application/json', ...headers }, payload: text });
}

describe('text PostgreSQL refuses is refused first (issue 20 item 5)', () => {
  it('refuses a NUL in a supplier name with the field name, in the request language, writing nothing', async () => {
    const before = await count('kd_supplier');
    const r = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token, payload: { supplierCode: 'S0900', supplierName: 'a\u0000b' } });
    expect(r).toMatchObject({ status: 200, code: 400, msg: 'supplierName格式不正确', data: { errors: [{ field: 'supplierName' }] } });
    const en = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier?lang=en', { token, payload: { supplierCode: 'S0901', supplierName: 'a\u0000b' } });
    expect(en).toMatchObject({ code: 400, msg: 'supplierName has a wrong format' });
    expect(await count('kd_supplier')).toBe(before);
  });

  it('names the path of a NUL in a sub-table row of a model record, and in a dictionary item', async () => {
    const before = await count('kd_guard_order');
    const order = anOrder({ orderNo: 'SO-NUL' });
    const lines = order.lines as Array<Record<string, unknown>>;
    lines[0] = { ...lines[0], item: '棉\u0000布' };
    const r = await t.call('POST', orderUrl, { token, payload: order });
    expect(r).toMatchObject({ code: 400, msg: 'lines.0.item格式不正确' });
    expect(await count('kd_guard_order')).toBe(before);
    const dict = await count('dictionary_data');
    const d = await t.call('POST', '/api/system/DictionaryData', { token, payload: { dictionaryTypeId: 'dict-currency', fullName: '\uD800元', enCode: 'X1' } });
    expect(d).toMatchObject({ code: 400, msg: 'fullName格式不正确' });
    expect(await count('dictionary_data')).toBe(dict);
  });

  it('refuses a lone surrogate or a NUL in the query string and in a path parameter', async () => {
    const q = await t.call('GET', `/api/system/DictionaryData/dict-currency?keyword=${encodeURIComponent('a')}%00`, { token });
    expect(q).toMatchObject({ status: 200, code: 400, msg: 'keyword格式不正确' });
    // A lone surrogate cannot travel percent-encoded (invalid UTF-8 stays as typed), but it can inside JSON text in
    // a query parameter, which handlers parse.
    const lone = await t.call('GET', `/api/system/DictionaryData/dict-currency?keyword=${encodeURIComponent('["\\ud800x"]')}`, { token });
    expect(lone).toMatchObject({ status: 200, code: 400, msg: 'keyword.0格式不正确' });
    const param = await t.call('GET', '/api/visualdev/OnlineDev/vd-supplier/a%00b', { token });
    expect(param).toMatchObject({ status: 200, code: 400 });
  });

  it('refuses a NUL in an uploaded file name and in a multipart field, storing nothing', async () => {
    const boundary = '----kdguard0gW';
    const body = (head: string) => Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const before = await count('file_store');
    for (const head of [`Content-Disposition: form-data; name="file"; filename="a\u0000b.png"`, `Content-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.png`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body(head) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 400, msg: 'file格式不正确' });
    }
    const field = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="vModel"\r\n\r\nx\u0000y\r\n`), body('Content-Disposition: form-data; name="file"; filename="a.png"')]);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: field });
    expect(res.json()).toMatchObject({ code: 400, msg: 'vModel格式不正确' });
    expect(await count('file_store')).toBe(before);
  });

  it('refuses a NUL in a form-encoded sign-in account before the sign-in is looked up or logged', async () => {
    const before = await count('login_log');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'ad\u0000min', password: md5Hex(TEST_ADMIN_PASSWORD), client_id: 'admin', grant_type: 'password' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, msg: 'account格式不正确' });
    expect(await count('login_log')).toBe(before);
    expect(await count('session')).toBe(1);
  });

  it('refuses __proto__, constructor and prototype keys at any depth', async () => {
    const before = await count('kd_supplier');
    for (const [text, field] of [
      ['{"supplierCode":"S0902","supplierName":"x","__proto__":{"isAdmin":true}}', null],
      ['{"supplierCode":"S0903","supplierName":"x","constructor":{"prototype":{"a":1}}}', null],
      ['{"supplierCode":"S0904","supplierName":"x","extra":{"constructor":1}}', 'extra.constructor'],
      ['{"supplierCode":"S0905","supplierName":"x","list":[{"prototype":1}]}', 'list.0.prototype'],
    ] as const) {
      const res = await postRaw('/api/visualdev/OnlineDev/vd-supplier', text);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(400);
      if (field) expect(res.json().msg).toBe(`${field}格式不正确`);
    }
    expect(await count('kd_supplier')).toBe(before);
  });

  it('answers 10k-deep nesting and 1e400 with a clean 400, not a 500 or a stack overflow', async () => {
    const before = await count('kd_supplier');
    const deep = `{"supplierCode":"S0906","supplierName":"x","extra":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const d = await postRaw('/api/visualdev/OnlineDev/vd-supplier', deep);
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ code: 400 });
    expect(d.json().msg).toMatch(/^extra(\.0)+\.\.\.格式不正确$/);
    const huge = await postRaw('/api/visualdev/OnlineDev/vd-supplier', '{"supplierCode":"S0907","supplierName":"x","creditLimit":1e400}');
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toMatchObject({ code: 400, msg: 'creditLimit超出范围' });
    expect(await count('kd_supplier')).toBe(before);
  });

  it('answers a value PostgreSQL refuses (a data exception) as a clean 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/data-exception?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 400, msg: 'Malformed request', data: null });
  });

  it('still accepts well-formed text: emoji (paired surrogates), CJK and control characters other than NUL', async () => {
    const r = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token, payload: { supplierCode: 'S0908', supplierName: '面料😀\tA' } });
    expect(r).toMatchObject({ code: 200 });
  });
});
