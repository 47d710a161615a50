import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('wire conventions (design.md §6)', () => {
  it('answers an unknown path with HTTP 404 and a JSON envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('answers a body over the limit with HTTP 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/vd-supplier', headers: { authorization: token, 'content-type': 'application/json' }, payload: JSON.stringify({ remark: 'x'.repeat(9 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413 });
  });

  it('answers malformed JSON as a handled 400, and ignores the n timestamp', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/vd-supplier/List?n=1700000000', headers: { authorization: token, 'content-type': 'application/json' }, payload: '{"currentPage": ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400 });
    const ok = await t.call('GET', '/api/System/TimeoutSetting/Get?n=1700000000', { token });
    expect(ok.code).toBe(200);
  });

  it('translates messages by the lang parameter or Accept-Language (zh default)', async () => {
    expect((await t.call('GET', '/api/oauth/CurrentUser')).msg).toBe('登录信息无效，请重新登录');
    expect((await t.call('GET', '/api/oauth/CurrentUser?lang=en')).msg).toBe('Invalid token, please sign in again');
    expect((await t.call('GET', '/api/oauth/CurrentUser', { headers: { 'accept-language': 'en-GB,en;q=0.8' } })).msg).toBe('Invalid token, please sign in again');
  });
});

describe('serving the client', () => {
  it('serves index.html at / and files from the client folder, while unknown API paths stay JSON 404', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kd-client-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>KD</title>');
    await writeFile(join(dir, 'app.js'), 'console.log(1)');
    const c = await createTestApp({ appOptions: { serveClient: true, clientDir: dir } });
    try {
      const home = await c.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toMatch(/text\/html/);
      expect(home.body).toContain('<title>KD</title>');
      expect((await c.app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
      const api = await c.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(404);
    } finally {
      await c.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
