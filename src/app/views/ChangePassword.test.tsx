// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setToken } from '../storage';

const api = fakeApiLifecycle();
beforeEach(() => {
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture({ userInfo: { ...currentUserFixture().userInfo!, changePwdTimes: 0 } })));
  api.on('POST /api/permission/Users/Current/Actions/ModifyPassword', ok(null, '修改成功'));
  setToken('Bearer t');
});

const pw = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('forced password change (spec 000 §2, spec 001 §5)', () => {
  it('refuses a password without letters and digits, then changes it and goes home', async () => {
    globalThis.location.hash = '#/home';
    render(<App store={createStore()} />);
    expect(await screen.findByText('为了账户安全，请先修改初始密码')).toBeTruthy();
    pw('oldPassword', 'Init0000');
    pw('newPassword', '12345678');
    pw('confirmPassword', '12345678');
    fireEvent.click(screen.getByRole('button', { name: '确定修改' }));
    expect(await screen.findByText('6-16位字符的密码（数字和字母组成）')).toBeTruthy();
    expect(api.seen.some((r) => r.path.endsWith('/ModifyPassword'))).toBe(false);
    pw('newPassword', 'Kd7Tq9Wm2x');
    pw('confirmPassword', 'Kd7Tq9Wm2x');
    fireEvent.click(screen.getByRole('button', { name: '确定修改' }));
    expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
    const sent = JSON.parse(api.seen.find((r) => r.path.endsWith('/ModifyPassword'))!.body);
    expect(sent.password).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(localStorage.getItem('kd_changePwdTimes_Number')).toBe('1'));
  });
});
