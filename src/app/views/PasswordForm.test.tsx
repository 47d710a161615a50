// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword as md5 } from '../../api/oauth';
import { i18next, loadLanguage } from '../../i18n';
import { ok } from '../../testing/fakeApi';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import { currentUserFixture } from '../../testing/fixtures';
import App from '../App';
import { setToken } from '../storage';
import { DEFAULT_PASSWORD_POLICY } from './passwordStrength';

/**
 * The password policy in the change-password form (issue 20 item 6): the policy of GET SysConfig/PasswordPolicy
 * and zxcvbn judge the new password before anything is sent; a refusal shows on the field in the user's language
 * and a strength meter shows the score.
 */
const api = fakeApiLifecycle();
const MODIFY = '/api/permission/Users/Current/Actions/ModifyPassword';
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on('GET /api/system/SysConfig/PasswordPolicy', ok(DEFAULT_PASSWORD_POLICY));
  api.on(`POST ${MODIFY}`, ok(null, '修改成功'));
  setToken('Bearer t');
});

const pw = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const submit = (name = '确定修改') => fireEvent.click(screen.getByRole('button', { name }));
const sent = () => api.seen.filter((r) => r.path.endsWith('/ModifyPassword'));

async function openForm() {
  globalThis.location.hash = '#/ChangePassword';
  render(<App store={createStore()} />);
  await screen.findByText('旧密码');
  await waitFor(() => expect(api.seen.some((r) => r.path.endsWith('/PasswordPolicy'))).toBe(true));
}

describe('password policy before sending (issue 20 item 6)', () => {
  it('refuses a common password with the reason, and the spec rule, sending nothing', async () => {
    await openForm();
    pw('oldPassword', 'Old@2024x');
    pw('newPassword', 'Abc12345');
    pw('confirmPassword', 'Abc12345');
    expect((await screen.findByTestId('password-strength')).textContent).toBe('密码强度：弱');
    submit();
    expect(await screen.findByText('密码过于简单（这是常用密码），请重新设置')).toBeTruthy();
    pw('newPassword', 'admin');
    pw('confirmPassword', 'admin');
    submit();
    expect(await screen.findByText('6-16位字符的密码（数字和字母组成）')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it('sends a strong password as md5, with the meter at 强', async () => {
    await openForm();
    pw('oldPassword', 'Old@2024x');
    pw('newPassword', 'Kd7Tq9Wm2x');
    pw('confirmPassword', 'Kd7Tq9Wm2x');
    expect(await screen.findByRole('progressbar', { name: '密码强度：强' })).toBeTruthy();
    submit();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(sent()[0].body)).toEqual({ oldPassword: md5('Old@2024x'), password: md5('Kd7Tq9Wm2x') });
  });

  it('applies the server policy (minimum length, a symbol) and speaks the user language', async () => {
    api.on('GET /api/system/SysConfig/PasswordPolicy', ok({ ...DEFAULT_PASSWORD_POLICY, passwordLengthMinNumber: 12, containsCharacters: 1 }));
    await loadLanguage('en');
    await i18next.changeLanguage('en');
    globalThis.location.hash = '#/ChangePassword';
    render(<App store={createStore()} />);
    await screen.findByText('Old password');
    await waitFor(() => expect(api.seen.some((r) => r.path.endsWith('/PasswordPolicy'))).toBe(true));
    pw('oldPassword', 'Old@2024x');
    pw('newPassword', 'Kd7Tq9Wm2x');
    pw('confirmPassword', 'Kd7Tq9Wm2x');
    submit('Change');
    expect(await screen.findByText('The password must have at least 12 characters')).toBeTruthy();
    pw('newPassword', 'Kd7Tq9Wm2xLp');
    pw('confirmPassword', 'Kd7Tq9Wm2xLp');
    submit('Change');
    expect(await screen.findByText('The password must contain a special character')).toBeTruthy();
    pw('newPassword', 'Kd7Tq9Wm-2xLp');
    pw('confirmPassword', 'Kd7Tq9Wm-2xLp');
    submit('Change');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(sent()[0].body).password).toBe(md5('Kd7Tq9Wm-2xLp'));
  });
});
