// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickOk, fieldInput, gridRows, openForm, renderConfigPage, WAIT } from './configPageTesting';

/**
 * A field an administrator added to a built-in page (issue 26 item 4) against the real server: 用户管理 with a
 * 工号 field (required, KD + 4 digits) and its list column. The list shows each user's 工号; the edit form shows it,
 * refuses a malformed one with the rule's message, and saves a good one, which the list then shows.
 */
const ids = { user: '' };
pageTestServerLifecycle(async () => {
  const employeeNo = { __vModel__: 'employeeNo', __config__: { kdKey: 'comInput', label: '工号', required: true, regList: [{ pattern: '^KD\\d{4}$', message: '工号格式为KD加4位数字' }] } };
  await request('/api/visualdev/OnlineDev/permissionUser/Extension', { method: 'put', json: { fields: [employeeNo], columns: [{ prop: 'employeeNo', label: '工号', width: 100 }], version: 0 } });
  ids.user = (await request<{ id: string }>('/api/permission/Users', { method: 'post', json: { account: 'sewer7', realName: '车缝工七', password: md5('Stitch#Bag2026'), organizeId: 'org-quality', positionId: 'pos-inspector', roleId: 'role-demo-inspector', employeeNo: 'KD0007' } })).id;
});

const row = (text: string) => gridRows('permissionUser').find((r) => r.includes(text)) ?? '';

describe('a field added to 用户管理 (issue 26 item 4)', () => {
  it('shows in the list and the edit form, is checked by its rule and saved with the user', async () => {
    renderConfigPage('permissionUser');
    await waitFor(() => expect(row('sewer7')).toContain('KD0007'), WAIT);
    expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('工号'))).toBe(true);
    fireEvent.click(screen.getByLabelText('编辑 sewer7'));
    const form = await openForm();
    const dialog = (await screen.findByTestId('model-form')).closest('.ant-modal') as HTMLElement;
    const input = () => fieldInput('employeeNo', dialog);
    await waitFor(() => expect(input().value).toBe('KD0007'), WAIT);
    fireEvent.change(input(), { target: { value: 'KD7' } });
    clickOk();
    expect(await form.findByText('工号格式为KD加4位数字', {}, WAIT)).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'KD0077' } });
    await waitFor(() => expect(input().value).toBe('KD0077'));
    clickOk();
    await waitFor(() => expect(row('sewer7')).toContain('KD0077'), WAIT);
    expect(await request<{ employeeNo: string }>(`/api/permission/Users/${ids.user}`)).toMatchObject({ employeeNo: 'KD0077' });
  });
});
