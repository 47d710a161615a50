// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { fail, ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setToken } from '../storage';

const BASE = '/api/permission/Users/Current';
const info = {
  id: 'u1',
  account: 'admin',
  realName: '管理员',
  gender: '1',
  mobilePhone: '13800000000',
  email: 'admin@kd.test',
  signature: null,
  organize: '信息部 / KD 箱包有限公司',
  position: '系统管理员',
  manager: null,
  roleId: '超级管理员',
  theme: 'classic',
  language: 'zh',
  headIcon: null,
  avatar: null,
  creatorTime: Date.UTC(2024, 0, 2, 3, 4),
  prevLogTime: null,
  prevLogIP: null,
};

const api = fakeApiLifecycle();
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on(`GET ${BASE}/BaseInfo`, ok(info));
  setToken('Bearer t');
});

async function openProfile(tab?: string) {
  globalThis.location.hash = tab ? `#/profile?tab=${tab}` : '#/profile';
  render(<App store={createStore()} />);
  await screen.findByText('个人信息', { selector: '.ant-card-head-title' });
}

describe('/profile (spec 000 §2, §7 Current user)', () => {
  it('shows the base information and saves an edit; a refused field is marked on it', async () => {
    api.on(`POST ${BASE}/BaseInfo`, (r) => {
      const body = JSON.parse(r.body);
      return body.mobilePhone === '13900000000' ? ok({ ...info, ...body }, '修改成功') : fail(400, 'mobilePhone 格式不正确');
    });
    await openProfile();
    expect(await screen.findByText('admin@kd.test')).toBeTruthy();
    expect(screen.getByText('信息部 / KD 箱包有限公司')).toBeTruthy();
    expect(screen.getByText('男')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '编辑资料' }));
    fireEvent.change(await screen.findByLabelText('手机'), { target: { value: '13700000000' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('mobilePhone 格式不正确')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13900000000' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王管理' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(await screen.findByText('13900000000')).toBeTruthy();
    expect(within(screen.getByTestId('user-menu')).getByText('王管理')).toBeTruthy();
  });

  it('changes the password with the 6–16 letters-and-digits rule', async () => {
    api.on(`POST ${BASE}/Actions/ModifyPassword`, ok(null, '密码已修改'));
    await openProfile('password');
    fireEvent.change(await screen.findByLabelText('旧密码'), { target: { value: 'Old12345' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: /确定修改/ }));
    expect(await screen.findByText('6-16位字符的密码（数字和字母组成）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Kd7Tq9Wm2x' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Kd7Tq9Wm2x' } });
    fireEvent.click(screen.getByRole('button', { name: /确定修改/ }));
    expect(await screen.findByText('密码已修改')).toBeTruthy();
    const sent = JSON.parse(api.seen.find((r) => r.path.endsWith('/ModifyPassword'))!.body);
    expect(sent.oldPassword).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists subordinates, grants and the sign-in log', async () => {
    api.on(`GET ${BASE}/Subordinate`, ok([{ id: 'u2', account: 'li', realName: '李四', userName: '李四/li', avatar: null, department: '采购部', position: '采购员', isLeaf: true }]));
    api.on(`GET ${BASE}/Authorize`, ok({ module: [{ id: 'm1', parentId: '-1', fullName: '系统管理', enCode: 'system', icon: '', kind: 'module', children: [] }], button: [{ id: 'b1', parentId: 'm1', fullName: '新增', enCode: 'btn_add', icon: '', kind: 'button', children: [] }], column: [], form: [], resource: [] }));
    api.on(`GET ${BASE}/SystemLog`, (r) =>
      ok({ list: [{ id: 'l1', creatorTime: Date.UTC(2024, 4, 6, 1, 30), userName: 'admin', ipaddress: '10.0.0.8', ipAddressName: '局域网', platForm: 'Chrome', abstracts: '登录成功', loginMark: 1 }], pagination: { currentPage: Number(r.query.get('currentPage')), pageSize: 20, total: 1 } }),
    );
    await openProfile('subordinates');
    expect(await screen.findByText(/李四\/li · 采购部 · 采购员/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '我的权限' }));
    expect(await screen.findByText('btn_add', { exact: false }).catch(() => screen.findByText('新增'))).toBeTruthy();
    expect(screen.getAllByText('系统管理').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: '登录日志' }));
    expect(await screen.findByText('10.0.0.8')).toBeTruthy();
    expect(screen.getByText('局域网')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(api.seen.find((r) => r.path.endsWith('/SystemLog'))!.query.get('pageSize')).toBe('20');
  });

  it('saves the layout (SystemTheme) and the language (SystemLanguage) from the theme tab', async () => {
    api.on(`POST ${BASE}/SystemTheme`, (r) => ok(JSON.parse(r.body)));
    api.on(`POST ${BASE}/SystemLanguage`, (r) => ok(JSON.parse(r.body)));
    await openProfile('theme');
    fireEvent.click(await screen.findByText('顶部导航'));
    await waitFor(() => expect(document.querySelector('.kd-layout')?.getAttribute('data-layout')).toBe('functional'));
    await waitFor(() => expect(api.seen.some((r) => r.path.endsWith('/SystemTheme'))).toBe(true));
    expect(JSON.parse(api.seen.find((r) => r.path.endsWith('/SystemTheme'))!.body)).toEqual({ theme: 'functional' });
    fireEvent.click(screen.getByText('English'));
    await waitFor(() => expect(api.seen.some((r) => r.path.endsWith('/SystemLanguage'))).toBe(true));
    expect(await screen.findByText('Language saved')).toBeTruthy();
    expect(JSON.parse(api.seen.find((r) => r.path.endsWith('/SystemLanguage'))!.body)).toEqual({ language: 'en' });
    await i18next.changeLanguage('zh');
  });

  it('refuses an image over 5 MB before uploading (the file dialog offers images only)', async () => {
    await openProfile('avatar');
    const input = (await screen.findByRole('button', { name: /上传头像/ })).closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('图片大小不能超过5M')).toBeTruthy();
    expect(input.accept).toBe('image/*');
    expect(api.seen.some((r) => r.path.includes('/Avatar/'))).toBe(false);
  });
});
