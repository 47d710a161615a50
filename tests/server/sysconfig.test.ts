import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_SEED, resolveKey } from '../../server/src/modules/sysconfig/defaults';
import { setPublicValue } from '../../server/src/modules/sysconfig/repository';
import { createTestApp, type TestApp } from './helpers';

describe('resolveKey (pure)', () => {
  it('maps {a}/{b} into the public namespace, with aliases and the 8093 supply-chain title', () => {
    expect(resolveKey('sysName', 'zh', 8080)).toBe('public.sysName.zh');
    expect(resolveKey('systemName', 'en', undefined)).toBe('public.sysName.en');
    expect(resolveKey('sysName', 'zh', 8093)).toBe('public.supplyName.zh');
    expect(resolveKey('sysInfo', 'version', 8093)).toBe('public.sysInfo.version');
  });

  it('seeds a name in every language for both variants', () => {
    for (const group of ['sysName', 'supplyName']) for (const l of ['zh', 'en', 'tw', 'mas']) expect(PUBLIC_CONFIG_SEED[`public.${group}.${l}`]).toBeTruthy();
  });
});

describe('GET /api/system/sysconfig/{a}/{b}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the system name per language without sign-in, as { Value }', async () => {
    const zh = await t.call('GET', '/api/system/sysconfig/sysName/zh');
    expect(zh).toEqual({ status: 200, code: 200, msg: 'Success', data: { Value: 'KD 箱包供应链平台' } });
    const en = await t.call('GET', '/api/system/sysconfig/sysName/en?n=1700000000');
    expect(en.data.Value).toBe('KD Bag Supply Chain Platform');
    const tw = await t.call('GET', '/api/system/sysconfig/systemName/tw');
    expect(tw.data.Value).toBe('KD 箱包供應鏈平台');
  });

  it('answers the supply-chain title when the client came on port 8093', async () => {
    const viaHost = await t.call('GET', '/api/system/sysconfig/sysName/zh', { headers: { host: 'kd.example:8093' } });
    expect(viaHost.data.Value).toBe('KD 供应链协同系统');
    const viaProxy = await t.call('GET', '/api/system/sysconfig/sysName/en', { headers: { 'x-forwarded-port': '8093' } });
    expect(viaProxy.data.Value).toBe('KD Supply Chain Collaboration System');
    const other = await t.call('GET', '/api/system/sysconfig/sysName/zh', { headers: { host: 'kd.example:8080' } });
    expect(other.data.Value).toBe('KD 箱包供应链平台');
  });

  it('answers the version 2.1, the about texts and the logo paths', async () => {
    expect((await t.call('GET', '/api/system/sysconfig/sysInfo/version')).data.Value).toBe('2.1');
    expect((await t.call('GET', '/api/system/sysconfig/sysVersion/version')).data.Value).toBe('2.1');
    expect((await t.call('GET', '/api/system/sysconfig/sysInfo/company')).data.Value).toBe('KD 箱包有限公司');
    expect((await t.call('GET', '/api/system/sysconfig/logo/login')).data).toEqual({ Value: '' });
  });

  it('serves a value changed by an administrator', async () => {
    await setPublicValue(t.app.db, 'logo', 'login', '/api/file/Image/logo/login.png');
    expect((await t.call('GET', '/api/system/sysconfig/logo/login')).data.Value).toBe('/api/file/Image/logo/login.png');
  });

  it('answers 404 for an unknown key and never exposes private settings', async () => {
    expect(await t.call('GET', '/api/system/sysconfig/sysName/fr')).toMatchObject({ status: 200, code: 404 });
    // tokenTimeout exists in sys_config but outside the public namespace
    expect((await t.call('GET', '/api/system/sysconfig/tokenTimeout/x')).code).toBe(404);
    expect((await t.call('GET', '/api/system/sysconfig/public/sysName')).code).toBe(404);
  });

  it('refuses a malformed segment with 400 naming it', async () => {
    const r = await t.call('GET', `/api/system/sysconfig/sysName/${encodeURIComponent('zh.x')}`);
    expect(r).toMatchObject({ status: 200, code: 400 });
    expect(r.msg).toContain('b');
  });
});
