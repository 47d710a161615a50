import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The data versions the server announces on every API reply (issue 24 item 6: server/src/plugins/area-versions.ts). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

/** Sends one call and returns the parsed X-KD-Versions header (`{ dict: 3, di: 0, perm: 5 }`) and the body. */
async function versionsOf(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: { authorization: token }, payload: payload as object | undefined });
  const header = String(res.headers['x-kd-versions'] ?? '');
  const versions = Object.fromEntries(header.split(',').filter(Boolean).map((p) => [p.split('=')[0], Number(p.split('=')[1])]));
  return { versions, body: res.json() as { code: number; data: { id?: string } } };
}

describe('X-KD-Versions (issue 24 item 6)', () => {
  it('is on every API reply, with the dict, di and perm counters', async () => {
    const { versions } = await versionsOf('GET', '/api/system/DictionaryType');
    expect(Object.keys(versions).sort()).toEqual(['di', 'dict', 'perm']);
    for (const v of Object.values(versions)) expect(Number.isInteger(v)).toBe(true);
  });

  it('moves dict on the reply of a dictionary write, and only dict', async () => {
    const before = (await versionsOf('GET', '/api/system/DictionaryType')).versions;
    const made = await versionsOf('POST', '/api/system/DictionaryType', { fullName: '版本', enCode: 'ver.test', isTree: 0 });
    expect(made.body.code).toBe(200);
    expect(made.versions.dict).toBeGreaterThan(before.dict);
    expect(made.versions.di).toBe(before.di);
    expect(made.versions.perm).toBe(before.perm);
    const item = await versionsOf('POST', '/api/system/DictionaryData', { dictionaryTypeId: made.body.data.id, fullName: '一', enCode: 'one' });
    expect(item.body.code).toBe(200);
    expect(item.versions.dict).toBeGreaterThan(made.versions.dict);
    expect((await versionsOf('GET', '/api/system/DictionaryType')).versions.dict).toBe(item.versions.dict);
  });

  it('moves perm when a grant-bearing table is written, whoever writes it', async () => {
    const before = (await versionsOf('GET', '/api/system/DictionaryType')).versions;
    await t.app.db.updateTable('role').set({ description: 'changed' }).where('id', '=', 'no-such-role').execute();
    await new Promise((r) => setTimeout(r, 1_100));
    const after = (await versionsOf('GET', '/api/system/DictionaryType')).versions;
    expect(after.perm).toBeGreaterThan(before.perm);
    expect(after.dict).toBe(before.dict);
  });
});
