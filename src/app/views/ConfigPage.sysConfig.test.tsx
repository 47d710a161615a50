// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickActionOk, fieldInput, gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 系统配置 as a built-in page config (src/pages/system/sysConfig.page.json) against the real server: the groups with
 * their summaries, one group's form loaded from GET /api/system/SysConfig/{group}, a change saved by PUT and shown in
 * the summary; a value outside its range is brought inside it by the field (the server refuses it too); the form
 * sends the group's version it loaded, so a save after someone else's is refused (409 toasted, nothing written).
 */
pageTestServerLifecycle();
resetAfterEach();

const row = (name: string) => gridRows().find((r) => r.includes(name)) ?? '';
// The action dialog loads on first opening (runtime/LazyDialogs): wait until it is there.
const dialog = async () =>
  within(
    await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.kd-page-action');
      if (!el) throw new Error('no action dialog yet');
      return el;
    }, WAIT),
  );

describe('系统配置 page config', () => {
  it('shows each group’s settings and saves the lockout threshold, which the summary then shows', async () => {
    renderConfigPage('systemSysConfig');
    await waitFor(() => expect(row('登录安全')).toContain('连续 5 次密码错误锁定 10 分钟'), WAIT);
    expect(row('数据保留')).toContain('回收站保留 30 天');
    fireEvent.click(screen.getByLabelText('编辑 登录安全'));
    const d = await dialog();
    await waitFor(() => expect(fieldInput('passwordErrorsNumber').value).toBe('5'), WAIT);
    expect(d.getByLabelText('锁定一段时间')).toBeTruthy();
    fireEvent.change(fieldInput('passwordErrorsNumber'), { target: { value: '3' } });
    fireEvent.blur(fieldInput('passwordErrorsNumber'));
    await clickActionOk(d);
    await waitFor(() => expect(row('登录安全')).toContain('连续 3 次密码错误锁定 10 分钟'), WAIT);
    const stored = await request<{ passwordErrorsNumber: number }>('/api/system/SysConfig/security');
    expect(stored.passwordErrorsNumber).toBe(3);
    await request('/api/system/SysConfig/security', { method: 'put', json: { passwordErrorsNumber: 5 } });
  });

  it('keeps a retention inside 1–3650 days: 0 typed becomes 1 in the field, and 1 is what is saved', async () => {
    renderConfigPage('systemSysConfig');
    await waitFor(() => expect(row('数据保留')).toContain('回收站保留 30 天'), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 数据保留'));
    const d = await dialog();
    await waitFor(() => expect(fieldInput('recycleRetentionDays').value).toBe('30'), WAIT);
    fireEvent.change(fieldInput('recycleRetentionDays'), { target: { value: '0' } });
    fireEvent.blur(fieldInput('recycleRetentionDays'));
    await waitFor(() => expect(fieldInput('recycleRetentionDays').value).toBe('1'), WAIT);
    await clickActionOk(d);
    await waitFor(() => expect(row('数据保留')).toContain('回收站保留 1 天'), WAIT);
    await request('/api/system/SysConfig/retention', { method: 'put', json: { recycleRetentionDays: 30 } });
  });

  it('sends the version it loaded: a save after someone else saved the group is refused with who and when, nothing written (issue 27)', async () => {
    renderConfigPage('systemSysConfig');
    await waitFor(() => expect(row('数据保留')).toContain('回收站保留 30 天'), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 数据保留'));
    const d = await dialog();
    await waitFor(() => expect(fieldInput('recycleRetentionDays').value).toBe('30'), WAIT);
    // Another save of the group meanwhile (no version: last write wins).
    await request('/api/system/SysConfig/retention', { method: 'put', json: { recycleRetentionDays: 25 } });
    fireEvent.change(fieldInput('recycleRetentionDays'), { target: { value: '40' } });
    fireEvent.blur(fieldInput('recycleRetentionDays'));
    await clickActionOk(d);
    await waitFor(() => expect(document.querySelector('.ant-message-error')?.textContent).toMatch(/管理员于.+修改了此数据，您的修改未保存/), WAIT);
    expect(document.querySelector('.kd-page-action')).toBeTruthy();
    expect((await request<{ recycleRetentionDays: number }>('/api/system/SysConfig/retention')).recycleRetentionDays).toBe(25);
    await request('/api/system/SysConfig/retention', { method: 'put', json: { recycleRetentionDays: 30 } });
  });

  it('turns the sign-in image code on in 登录安全: its length shows with the switch, and sign-in then asks for it', async () => {
    renderConfigPage('systemSysConfig');
    await waitFor(() => expect(row('登录安全')).toContain('连续 5 次密码错误锁定 10 分钟'), WAIT);
    expect(row('登录安全')).not.toContain('图形验证码');
    fireEvent.click(screen.getByLabelText('编辑 登录安全'));
    const d = await dialog();
    const toggle = await waitFor(() => d.getByRole('switch', { name: '登录图形验证码' }), WAIT);
    expect(fieldInput('verificationCodeNumber')).toBeNull();
    // Flipped as soon as it shows, as a user may: the save sends what the form shows (PageActionDialog.edits.test).
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'), WAIT);
    await waitFor(() => expect(fieldInput('verificationCodeNumber').value).toBe('4'), WAIT);
    await clickActionOk(d);
    await waitFor(() => expect(row('登录安全')).toContain('登录需 4 位图形验证码'), WAIT);
    expect(await request('/api/oauth/getConfig/admin')).toEqual({ enableVerificationCode: 1, verificationCodeNumber: 4 });
    await request('/api/system/SysConfig/security', { method: 'put', json: { enableVerificationCode: 0 } });
  });
});
