import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, effectiveTheme, parseThemeUpdate } from '../../server/src/modules/current-user/settings';
import { setSupplies } from '../../server/src/modules/current-user/settings-repository';
import { createTestApp, createUser, type TestApp } from './helpers';

const INFO = '/api/system/personalsetting/info';
const SAVE = '/api/system/personalsetting/save';

describe('personal-settings rules (pure)', () => {
  it('normalises switches to the text true/false and validates enums and colours', () => {
    expect(parseThemeUpdate('tagsView', false)).toEqual({ tagsView: 'false' });
    expect(parseThemeUpdate('useCache', 'true')).toEqual({ useCache: 'true' });
    expect(parseThemeUpdate('theme', '#1890ff')).toEqual({ theme: '#1890ff' });
    expect(parseThemeUpdate('theme', '{"layoutType":"plain","showSearch":false}')).toEqual({ layoutType: 'plain', showSearch: 'false' });
    expect(() => parseThemeUpdate('layoutType', 'grid')).toThrow();
    expect(() => parseThemeUpdate('colour', 'x')).toThrow();
    expect(() => parseThemeUpdate('tagsView', 'yes')).toThrow();
  });

  it('overlays stored values on the defaults and drops values that are no longer valid', () => {
    expect(effectiveTheme({ layoutType: 'plain', slideClass: 'nope' })).toEqual({ ...DEFAULT_THEME, layoutType: 'plain' });
  });
});

describe('personal settings API', () => {
  let t: TestApp;
  let alice: string;
  let aliceId: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    aliceId = await createUser(t.app, { account: 'alice', password: 'Alice123' });
    await createUser(t.app, { account: 'bob', password: 'Bob12345' });
    alice = await t.login('alice', 'Alice123');
    bob = await t.login('bob', 'Bob12345');
  });
  afterAll(async () => {
    await t.close();
  });

  const info = (token: string, userId?: string) => t.call('GET', `${INFO}?configKey=ThemePersonal&configType=theme${userId ? `&userId=${userId}` : ''}`, { token });
  const save = (token: string, key: string, value: unknown, extra: Record<string, unknown> = {}) =>
    t.call('POST', SAVE, { token, payload: { ConfigKey: 'ThemePersonal', ConfigType: 'theme', key, value, ...extra } });

  it('answers the defaults as a PropertyJson string before anything was saved', async () => {
    const r = await info(alice, aliceId);
    expect(r.code).toBe(200);
    expect(typeof r.data.PropertyJson).toBe('string');
    const s = JSON.parse(r.data.PropertyJson);
    expect(s).toMatchObject({ layoutType: 'classic', slideClass: 'lightWhite', tagsView: 'true', useCache: 'false', theme: '#409EFF', size: 'medium' });
  });

  it('saves settings one key at a time and merges them; they follow the user to a new session', async () => {
    expect((await save(alice, 'layoutType', 'functional', { OwnerUserId: aliceId })).code).toBe(200);
    expect((await save(alice, 'slideClass', 'dark')).code).toBe(200);
    expect((await save(alice, 'themeClass', 'purple')).code).toBe(200);
    expect((await save(alice, 'tagsIcon', true)).code).toBe(200);
    const r = await save(alice, 'size', 'small');
    expect(JSON.parse(r.data.PropertyJson)).toMatchObject({ layoutType: 'functional', slideClass: 'dark', themeClass: 'purple', tagsIcon: 'true', size: 'small' });
    const again = await t.login('alice', 'Alice123');
    const s = JSON.parse((await info(again)).data.PropertyJson);
    expect(s).toMatchObject({ layoutType: 'functional', themeClass: 'purple', tagsIcon: 'true', size: 'small', showSearch: 'true' });
    expect(JSON.parse((await info(bob)).data.PropertyJson).layoutType).toBe('classic');
  });

  it('saves the whole PropertyJson at once under key theme', async () => {
    const whole = JSON.stringify({ layoutType: 'plain', showLanguage: 'false', theme: '#f5222d' });
    const r = await save(bob, 'theme', whole);
    expect(JSON.parse(r.data.PropertyJson)).toMatchObject({ layoutType: 'plain', showLanguage: 'false', theme: '#f5222d' });
  });

  it('keeps concurrent saves of different keys', async () => {
    const keys: Array<[string, string]> = [
      ['tagsView', 'false'],
      ['showSearch', 'false'],
      ['useCache', 'true'],
      ['showLanguage', 'false'],
    ];
    const carol = await createUser(t.app, { account: 'carol', password: 'Carol123' });
    const carolToken = await t.login('carol', 'Carol123');
    for (const [who, token] of [
      [carol, carolToken],
      ['bob', bob],
    ]) {
      await Promise.all(keys.map(([k, v]) => save(token, k, v)));
      const s = JSON.parse((await info(token)).data.PropertyJson);
      for (const [k, v] of keys) expect(s[k], `${who} ${k}`).toBe(v);
    }
  });

  it("refuses another user's settings with 403, for reading and saving", async () => {
    const read = await info(bob, aliceId);
    expect(read).toMatchObject({ status: 200, code: 403, msg: '暂无权限' });
    const write = await save(bob, 'layoutType', 'blend', { OwnerUserId: aliceId });
    expect(write).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(JSON.parse((await info(alice)).data.PropertyJson).layoutType).toBe('functional');
  });

  it('refuses bad keys and values with 400 naming the field', async () => {
    expect(await save(alice, 'layoutType', 'grid')).toMatchObject({ code: 400, msg: 'value格式不正确' });
    expect(await save(alice, 'fontFamily', 'serif')).toMatchObject({ code: 400, msg: 'key的值不在可选范围内' });
    expect(await save(alice, 'theme', '{"tagsView":"maybe"}')).toMatchObject({ code: 400, msg: 'value.tagsView格式不正确' });
    expect(await t.call('POST', SAVE, { token: alice, payload: { ConfigKey: 'ThemePersonal', value: 'x' } })).toMatchObject({ code: 400, msg: 'key不能为空' });
    expect((await t.call('GET', `${INFO}?configKey=${encodeURIComponent('a b')}`, { token: alice })).code).toBe(400);
  });

  it('stores other config keys as free text per key', async () => {
    const r = await t.call('POST', SAVE, { token: alice, payload: { ConfigKey: 'GridColumns', ConfigType: 'list', key: 'purchaseOrder', value: ['code', 'date'] } });
    expect(r.code).toBe(200);
    const got = await t.call('GET', `${INFO}?configKey=GridColumns&configType=list`, { token: alice });
    expect(JSON.parse(got.data.PropertyJson)).toEqual({ purchaseOrder: '["code","date"]' });
    expect((await t.call('GET', `${INFO}?configKey=GridColumns&configType=list`, { token: bob })).data.PropertyJson).toBe('{}');
  });

  it('needs a session', async () => {
    expect((await t.call('GET', INFO)).code).toBe(602);
    expect((await t.call('POST', SAVE, { payload: { key: 'size', value: 'mini' } })).code).toBe(602);
  });

  it('SwitchSupply accepts only one of the caller supplier identities', async () => {
    await setSupplies(t.app.db, aliceId, [
      { Id: 'sup-1', SupNo: 'S001', SupTname: '东莞皮具厂' },
      { Id: 'sup-2', SupNo: 'S002', SupTname: '广州五金厂' },
    ]);
    const r = await t.call('POST', '/api/permission/Users/Actions/SwitchSupply', { token: alice, payload: { currentSupply: 'sup-2' } });
    expect(r).toMatchObject({ code: 200, data: { currentSupply: 'sup-2' } });
    expect(r.data.supplyIds).toHaveLength(2);
    const row = await t.app.db.selectFrom('users').select('current_supply').where('id', '=', aliceId).executeTakeFirstOrThrow();
    expect(row.current_supply).toBe('sup-2');
    const foreign = await t.call('POST', '/api/permission/Users/Actions/SwitchSupply', { token: bob, payload: { currentSupply: 'sup-1' } });
    expect(foreign).toMatchObject({ code: 400, msg: 'currentSupply的值不在可选范围内' });
    const missing = await t.call('POST', '/api/permission/Users/Actions/SwitchSupply', { token: alice, payload: {} });
    expect(missing).toMatchObject({ code: 400, msg: 'currentSupply不能为空' });
  });

  it('Members lists the users of a role, position or organisation; unknown id → 404', async () => {
    const adminRole = await t.app.db.selectFrom('role').select('id').where('en_code', '=', 'admin').executeTakeFirstOrThrow();
    const r = await t.call('GET', `/api/permission/Users/Members/${adminRole.id}`, { token: alice });
    expect(r.code).toBe(200);
    expect(r.data.list.map((u: { account: string }) => u.account)).toEqual(['admin']);
    const org = await t.call('GET', '/api/permission/Users/Members/org-purchasing', { token: alice });
    expect(org.data.list.map((u: { account: string }) => u.account).sort()).toEqual(['alice', 'bob', 'carol']);
    expect(org.data.list[0]).toMatchObject({ department: '采购部', enabledMark: 1 });
    expect((await t.call('GET', '/api/permission/Users/Members/no-such-thing', { token: alice })).code).toBe(404);
    expect((await t.call('GET', `/api/permission/Users/Members/${adminRole.id}`)).code).toBe(602);
  });
});
