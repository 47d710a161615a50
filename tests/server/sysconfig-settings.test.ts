import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageConfig } from '../../schemas/page';
import { type NumericSetting, SETTINGS_GROUPS } from '../../schemas/system-settings';
import { md5Hex } from '../../server/src/lib/password';
import { retentionDays } from '../../server/src/modules/visualdev/recycle-repository';
import { createUser, signedInTestApp } from './helpers';

/**
 * 系统配置 (GET/PUT /api/system/SysConfig[/{group}]; issue 12 item 6 lockout settings, issue 27 item 2 recycle
 * retention, issue 23 log retention, issue 24 outbound): the groups with their summaries, each group's values, writes
 * checked against schemas/system-settings.ts (nothing written on a refusal), the settings taking effect where they
 * are used, administrators only, and the page's form limits equal to the server's schema.
 */

const h = signedInTestApp();
const S = '/api/system/SysConfig';
const signIn = (account: string, password: string) => h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', payload: { account, password: md5Hex(password) } }).then((r) => r.json() as { code: number; msg: string });

describe('系统配置', () => {
  it('lists the five groups with their current values summarised, in the caller’s language', async () => {
    const zh = await h.t.call('GET', `${S}/Groups`, { token: h.token });
    expect(zh.data.map((r: { id: string }) => r.id)).toEqual(['security', 'password', 'retention', 'lists', 'outbound']);
    expect(zh.data[3]).toEqual({ id: 'lists', fullName: '列表与搜索', summary: '列表总数精确统计至 10,000 条，超过显示为 10,000+；查询限时 3 秒' });
    expect(zh.data[0]).toEqual({ id: 'security', fullName: '登录安全', summary: '闲置 120 分钟退出；连续 5 次密码错误锁定 10 分钟' });
    expect(zh.data[2].summary).toBe('回收站保留 30 天；系统日志保留 90 天');
    const en = await h.t.call('GET', `${S}/Groups`, { token: h.token, headers: { 'accept-language': 'en-US' } });
    expect(en.data[0]).toMatchObject({ fullName: 'Sign-in security', summary: 'Sign out after 120 idle minutes; after 5 wrong passwords lock for 10 minutes' });
  });

  it('a saved lockout setting applies to the next sign-in; a bad value is refused by name and nothing is written', async () => {
    expect((await h.t.call('GET', `${S}/security`, { token: h.token })).data).toEqual({ tokenTimeout: 120, passwordErrorsNumber: 5, lockType: 2, lockTime: 10, enableVerificationCode: 0, verificationCodeNumber: 4, version: 1 });
    for (const [body, field] of [
      [{ lockType: 3 }, 'lockType'],
      [{ passwordErrorsNumber: -1 }, 'passwordErrorsNumber'],
      [{ tokenTimeout: 1.5 }, 'tokenTimeout'],
      [{ lockTime: '15' }, 'lockTime'],
      [{ passwordErrorsNumber: 2, recycleRetentionDays: 7 }, 'recycleRetentionDays'],
    ] as const) {
      const res = await h.t.call('PUT', `${S}/security`, { token: h.token, payload: body });
      expect(res).toMatchObject({ code: 400, msg: `${field}格式不正确` });
    }
    expect((await h.t.call('GET', `${S}/security`, { token: h.token })).data.passwordErrorsNumber).toBe(5);

    expect(await h.t.call('PUT', `${S}/security`, { token: h.token, payload: { passwordErrorsNumber: 2, lockTime: 15 } })).toMatchObject({ code: 200, msg: '修改成功' });
    await createUser(h.t.app, { account: 'settings_lock', password: 'Settings@2468' });
    expect((await signIn('settings_lock', 'wrong-1')).msg).toBe('账户或密码错误，请重新输入（还可尝试1次）');
    expect((await signIn('settings_lock', 'wrong-2')).msg).toBe('账户已锁定，请15分钟后再试');
    expect((await h.t.call('GET', `${S}/Groups`, { token: h.token })).data[0].summary).toBe('闲置 120 分钟退出；连续 2 次密码错误锁定 15 分钟');
    await h.t.call('PUT', `${S}/security`, { token: h.token, payload: { passwordErrorsNumber: 5, lockTime: 10 } });
  });

  it('the recycle-bin retention and the password policy follow their groups; outbound keeps its own checks', async () => {
    expect(await h.t.call('PUT', `${S}/retention`, { token: h.token, payload: { recycleRetentionDays: 7, logRetentionDays: 0 } })).toMatchObject({ code: 200 });
    expect(await retentionDays(h.t.app.db)).toBe(7);
    expect((await h.t.call('GET', `${S}/retention`, { token: h.token })).data).toEqual({ recycleRetentionDays: 7, logRetentionDays: 0, version: 2 });
    expect(await h.t.call('PUT', `${S}/password`, { token: h.token, payload: { passwordScoreMin: 3, containsNumbers: 1 } })).toMatchObject({ code: 200 });
    expect((await h.t.call('GET', `${S}/PasswordPolicy`, { token: h.token })).data).toMatchObject({ passwordScoreMin: 3, containsNumbers: 1 });
    expect(await h.t.call('PUT', `${S}/password`, { token: h.token, payload: { passwordScoreMin: 5 } })).toMatchObject({ code: 400, msg: 'passwordScoreMin格式不正确' });
    await h.t.call('PUT', `${S}/password`, { token: h.token, payload: { passwordScoreMin: 2, containsNumbers: 0 } });

    expect((await h.t.call('GET', `${S}/outbound`, { token: h.token })).data).toMatchObject({ outboundTimeoutMs: 10_000 });
    expect((await h.t.call('PUT', `${S}/outbound`, { token: h.token, payload: { outboundTimeoutMs: 5 } })).code).toBe(400);
    expect((await h.t.call('GET', `${S}/nonsense`, { token: h.token })).code).toBe(400);
  });

  it('is for holders of the 系统配置 menu only', async () => {
    await createUser(h.t.app, { account: 'settings_clerk', password: 'Clerk@2468' });
    const clerk = await h.t.login('settings_clerk', 'Clerk@2468');
    expect((await h.t.call('GET', `${S}/Groups`, { token: clerk })).code).toBe(403);
    expect((await h.t.call('PUT', `${S}/security`, { token: clerk, payload: { passwordErrorsNumber: 0 } })).code).toBe(403);
    expect((await h.t.call('GET', `${S}/security`, { token: h.token })).data.passwordErrorsNumber).toBe(5);
  });

  it('the page’s forms offer exactly the server’s keys, with the same limits', () => {
    const page = JSON.parse(readFileSync('src/pages/system/sysConfig.page.json', 'utf8')) as PageConfig;
    for (const [group, specs] of Object.entries(SETTINGS_GROUPS) as Array<[string, readonly NumericSetting[]]>) {
      const fields = (page.forms?.[group]?.fields ?? []) as Array<Record<string, unknown> & { __vModel__: string; __config__: { kdKey: string } }>;
      expect(fields.map((f) => f.__vModel__).sort()).toEqual(specs.map((s) => s.key).sort());
      for (const s of specs) {
        const f = fields.find((x) => x.__vModel__ === s.key)!;
        if (f.__config__.kdKey === 'numInput') expect([f.min, f.max]).toEqual([s.min, s.max]);
        else if (f.__config__.kdKey === 'switch') expect([s.min, s.max, f['active-value'], f['inactive-value']]).toEqual([0, 1, 1, 0]);
        else expect((f.__slot__ as { options: Array<{ id: number }> }).options.map((o) => o.id).sort()).toEqual([...(s.values ?? [])].sort());
      }
    }
  });
});
