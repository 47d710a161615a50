import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { LogQueue } from '../../server/src/modules/syslog/queue';
import { redactUrl } from '../../server/src/modules/syslog/redact';
import { purgeLogs } from '../../server/src/modules/syslog/repository';
import { createUser, signedInTestApp } from './helpers';

/** A route that crashes (an unhandled fault whose message holds a token-like word). */
async function boom(app: FastifyInstance) {
  app.get('/api/test/Boom', { config: { access: 'signedIn' } }, async () => {
    throw new Error('crashed while reading abcdefabcdefabcdefabcdefabcdefabcdefabcdef0123');
  });
}

const s = signedInTestApp({ appOptions: { plugins: [boom] } });

/** Lets the onResponse hooks run, then writes the queue. */
async function settle() {
  await new Promise((r) => setTimeout(r, 20));
  await s.t.app.sysLog.flush();
}

const list = (type: number, query = '') => s.t.call('GET', `/api/system/Log/${type}?currentPage=1&pageSize=100${query}`, { token: s.token });

describe('system logs (issue 23 item 2)', () => {
  it('records sign-ins with user, IP, device and result', async () => {
    await createUser(s.t.app, { account: 'logwho', password: 'Secret#2024x' });
    await expect(s.t.login('logwho', 'wrong-one')).rejects.toThrow();
    await s.t.login('logwho', 'Secret#2024x');
    const r = await list(1, '&keyword=logwho');
    expect(r.code).toBe(200);
    expect(r.data.pagination.total).toBe(2);
    expect(r.data.list.map((x: { loginMark: number }) => x.loginMark)).toEqual([1, 0]);
    expect(r.data.list[0]).toMatchObject({ type: 1, userName: 'logwho/logwho', ipaddress: '127.0.0.1' });
  });

  it('records operations (module, record id, action) and requests (method, path, status, duration, user)', async () => {
    const created = await s.t.call('POST', '/api/system/DictionaryType', { token: s.token, payload: { fullName: '日志测试', enCode: 'logtest', isTree: 0 } });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    await s.t.call('DELETE', `/api/system/DictionaryType/${id}`, { token: s.token });
    await settle();
    const ops = await list(3, `&keyword=${id}`);
    expect(ops.data.list.map((x: { abstracts: string }) => x.abstracts).sort()).toEqual(['create', 'delete']);
    expect(ops.data.list[0]).toMatchObject({ objectId: id, userName: expect.stringContaining('admin') });
    const req = await list(5, '&keyword=DictionaryType');
    const row = req.data.list.find((x: { requestMethod: string }) => x.requestMethod === 'POST');
    expect(row).toMatchObject({ requestURL: '/api/system/DictionaryType', requestCode: 200, bodyCode: 200, userName: expect.stringContaining('admin') });
    expect(row.requestDuration).toBeGreaterThanOrEqual(0);
  });

  it('an operation on a model record carries its before/after from the change history', async () => {
    const M = '/api/visualdev/OnlineDev/vd-supplier';
    const made = await s.t.call('POST', M, { token: s.token, payload: { supplierCode: 'S9871', supplierName: '日志供应商', category: 'fabric', level: 'A', certifications: ['ISO9001'], creditLimit: 1000, currency: 'currency-CNY', country: 'country-CN', cooperationDate: 1717171200000, contactPhone: '13800138000', active: true, address: '广东省东莞市', remark: '' } });
    expect(made.msg).toBe('新建成功');
    expect(made.code).toBe(200);
    const id = made.data.id as string;
    expect((await s.t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${id}`, { token: s.token, payload: { supplierName: '日志供应商（改）' } })).code).toBe(200);
    await settle();
    const ops = await list(3, `&keyword=${id}`);
    const upd = ops.data.list.find((x: { abstracts: string }) => x.abstracts === 'update');
    expect(upd).toMatchObject({ moduleName: 'vd-supplier', objectId: id });
    expect(JSON.parse(upd.json)).toMatchObject({ action: 'update', changes: expect.arrayContaining([expect.objectContaining({ field: 'supplierName', after: '日志供应商（改）' })]) });
    const add = ops.data.list.find((x: { abstracts: string }) => x.abstracts === 'create');
    expect(add).toMatchObject({ moduleName: 'vd-supplier', objectId: id });
  });

  it('a list query sent as POST is a request, not an operation', async () => {
    const r = await s.t.call('POST', '/api/visualdev/OnlineDev/vd-supplier/List', { token: s.token, payload: { typed: true, currentPage: 1, pageSize: 5 } });
    expect(r.code).toBe(200);
    await settle();
    const req = await list(5, '&keyword=vd-supplier/List');
    expect(req.data.list.length).toBeGreaterThan(0);
    const ops = await list(3, '&keyword=vd-supplier/List');
    expect(ops.data.list).toEqual([]);
  });

  it('an unhandled fault shows an error id; the exception log holds it with the stack', async () => {
    const r = await s.t.call('GET', '/api/test/Boom', { token: s.token });
    expect(r.code).toBe(500);
    const errorId = r.data.errorId as string;
    expect(r.msg).toContain(errorId);
    expect(r.msg).not.toMatch(/crashed|at /);
    await settle();
    const ex = await list(4, `&keyword=${errorId}`);
    expect(ex.data.list).toHaveLength(1);
    expect(ex.data.list[0]).toMatchObject({ errorId, requestURL: '/api/test/Boom', abstracts: expect.stringContaining('crashed while reading ***') });
    expect(ex.data.list[0].json).toContain('at ');
  });

  it('no log row holds a password, its hash, a token or a signed link', async () => {
    const password = 'Hunter#Secret99';
    await createUser(s.t.app, { account: 'leaky', password });
    const userToken = (await s.t.login('leaky', password)).replace('Bearer ', '');
    await s.t.login('leaky', 'Not#ThePassword1').catch(() => undefined);
    const sign = createHash('sha256').update('x').digest('hex');
    await s.t.call('GET', `/api/file/Image/userAvatar/a.png?token=${userToken}&n=1`, {});
    await s.t.call('GET', `/api/system/DataBackup/Download/kd-backup-20260101-000000-abcdef?expires=9999999999&sign=${sign}`, {});
    await s.t.call('GET', `/api/message/websocket/${userToken}`, {});
    await s.t.call('GET', `/api/system/Log/5?password=${encodeURIComponent(password)}&access_token=${userToken}`, { token: s.token });
    await s.t.call('POST', '/api/oauth/LockScreen', { token: `Bearer ${userToken}`, payload: { account: 'leaky', password: md5Hex(password) } });
    await settle();
    const hash = (await s.t.app.db.selectFrom('users').select('password').where('account', '=', 'leaky').executeTakeFirstOrThrow()).password;
    const rows = [...(await s.t.app.db.selectFrom('sys_log').selectAll().execute()), ...(await s.t.app.db.selectFrom('login_log').selectAll().execute())];
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(10);
    for (const secret of [password, encodeURIComponent(password), md5Hex(password), md5Hex('Not#ThePassword1'), hash, userToken, sign, s.token.replace('Bearer ', '')]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('sign=***');
  });

  it('filters by time, deletes rows by id and empties one kind', async () => {
    const all = await list(5);
    const future = await list(5, `&startTime=${Date.now() + 60_000}`);
    expect(all.data.pagination.total).toBeGreaterThan(0);
    expect(future.data.pagination.total).toBe(0);
    const ids = all.data.list.slice(0, 2).map((x: { id: string }) => x.id);
    expect((await s.t.call('DELETE', '/api/system/Log', { token: s.token, payload: { ids } })).code).toBe(200);
    await settle();
    const after = await list(5);
    expect(after.data.list.map((x: { id: string }) => x.id)).not.toContain(ids[0]);
    expect((await s.t.call('DELETE', '/api/system/Log/4', { token: s.token })).code).toBe(200);
    expect((await list(4)).data.pagination.total).toBe(0);
    expect((await s.t.call('GET', '/api/system/Log/2', { token: s.token })).code).toBe(400);
  });

  it('is for administrators only', async () => {
    await createUser(s.t.app, { account: 'plainlog', password: 'Plain#2024xx' });
    const token = await s.t.login('plainlog', 'Plain#2024xx');
    expect((await s.t.call('GET', '/api/system/Log/5', { token })).code).toBe(403);
    expect((await s.t.call('DELETE', '/api/system/Log/5', { token })).code).toBe(403);
  });

  it('purges rows older than the retention', async () => {
    const db = s.t.app.db;
    await db.insertInto('sys_log').values({ id: 'old-row', type: 5, created_at: new Date(Date.now() - 100 * 86_400_000) }).execute();
    await db.insertInto('sys_config').values({ key: 'logRetentionDays', value: '30' }).onConflict((oc) => oc.column('key').doUpdateSet({ value: '30' })).execute();
    expect(await purgeLogs(db)).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('sys_log').select('id').where('id', '=', 'old-row').executeTakeFirst()).toBeUndefined();
  });
});

describe('log queue and redaction', () => {
  it('drops the oldest rows when full and counts them', async () => {
    const q = new LogQueue(s.t.app.db, { capacity: 3, intervalMs: 60_000 });
    for (let i = 0; i < 5; i++) q.push({ id: `q-${i}`, type: 5, path: `/q/${i}` });
    expect(q.size).toBe(3);
    expect(q.dropped).toBe(2);
    await q.close();
    const got = await s.t.app.db.selectFrom('sys_log').select('id').where('id', 'like', 'q-%').orderBy('id').execute();
    expect(got.map((r) => r.id)).toEqual(['q-2', 'q-3', 'q-4']);
  });

  it('masks secret parameters and credential-looking segments, keeps record ids', () => {
    const id = '2f1c7f3e-8a8b-4a4f-9a57-0c1d2e3f4a5b';
    expect(redactUrl(`/api/x/${id}?keyword=abc&token=t1&sign=s&password=p`)).toBe(`/api/x/${id}?keyword=abc&token=***&sign=***&password=***`);
    expect(redactUrl(`/api/message/websocket/${'a'.repeat(64)}`)).toBe('/api/message/websocket/***');
    expect(redactUrl('/api/ws/short', { token: 'short' })).toBe('/api/ws/***');
    // Short plain paths are kept as they are; an encoded bearer or a JWT-shaped segment is still found.
    expect(redactUrl('/api/visualdev/OnlineDev/vd-supplier/List')).toBe('/api/visualdev/OnlineDev/vd-supplier/List');
    expect(redactUrl('/api/x/b%65arer%20abc')).toBe('/api/x/***');
    expect(redactUrl(`/api/x/${'a'.repeat(10)}.${'b'.repeat(10)}.${'c'.repeat(10)}`)).toBe('/api/x/***');
  });
});
