// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import ConfigPage from './ConfigPage';
import { gridRows, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 流程设计 as a built-in page config (issue 15 item 4): src/pages/workflow/flowEngine.page.json against the real
 * server — flows nested under their category rows (no actions on a category row), 发布 / 停止 / 复制 / 导出 / 删除 on a
 * flow row (each sending the row's rowVersion: a stale one is refused), 新建流程 and 设计 opening the flow designer route.
 */
const P = '/api/workflow/Engine/FlowEngine';
type Flow = { id: string; fullName: string; enCode: string; enabledMark: number; version: string; description: string | null };
const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'a1', properties: { title: '主管', assigneeType: 1, managerLevel: 1 }, childNode: null } };
const ids: Record<string, string> = {};

pageTestServerLifecycle(async () => {
  for (const [enCode, fullName, category] of [
    ['leaveFlow', '请假流程', 'hr'],
    ['tripFlow', '出差流程', 'hr'],
  ]) {
    ids[enCode] = (await request<{ id: string }>(P, { method: 'post', json: { enCode, fullName, category, flowTemplateJson: JSON.stringify(tree) } })).id;
  }
  await request(`${P}/Release/${ids.tripFlow}`, { method: 'post' });
});
resetAfterEach();

const flow = (id: string) => request<Flow>(`${P}/${id}`);
const row = (name: string) => gridRows().find((r) => r.includes(name)) ?? '';
function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}
const page = () =>
  render(
    <MemoryRouter initialEntries={['/workFlow/flowEngine']}>
      <AntApp>
        <Routes>
          <Route path="/workFlow/flowEngine" element={<ConfigPage code="workflowFlowEngine" />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
const confirm = async () => {
  const dialog = within(await waitFor(() => [...document.querySelectorAll('.ant-modal-confirm')].pop() as HTMLElement, WAIT));
  fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
};

describe('流程设计 page config', () => {
  it('lists flows under their category; release, stop, copy, export and delete act on flow rows only', async () => {
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    page();
    await waitFor(() => expect(row('请假流程')).toContain('leaveFlow'), WAIT);
    expect(row('出差流程')).toContain('已发布');
    expect(row('请假流程')).toContain('已停用');
    // The category row (hr) carries no actions.
    expect(screen.queryByLabelText('发布 hr')).toBeNull();
    expect(screen.queryByLabelText('停止 请假流程')).toBeNull();

    fireEvent.click(screen.getByLabelText('发布 请假流程'));
    await confirm();
    await waitFor(async () => expect(await flow(ids.leaveFlow)).toMatchObject({ enabledMark: 1, version: '1' }), WAIT);
    await waitFor(() => expect(row('请假流程')).toContain('已发布'), WAIT);
    // Someone saves 请假流程 after the list was loaded: 停止 from the row sends its stale rowVersion and is refused
    // naming who and when (issue 27 item 1); the flow stays released.
    await request(`${P}/${ids.leaveFlow}`, { method: 'post', json: { description: '他人修改' } });
    fireEvent.click(screen.getByLabelText('停止 请假流程'));
    await confirm();
    await waitFor(() => expect(document.querySelector('.ant-message-error')?.textContent).toMatch(/管理员于.+修改了此数据/), WAIT);
    expect(await flow(ids.leaveFlow)).toMatchObject({ enabledMark: 1, description: '他人修改' });

    fireEvent.click(screen.getByLabelText('停止 出差流程'));
    await confirm();
    await waitFor(async () => expect((await flow(ids.tripFlow)).enabledMark).toBe(0), WAIT);

    fireEvent.click(screen.getByLabelText('导出 请假流程'));
    expect(await screen.findByText('已导出 请假流程.json', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(await (saved as unknown as Blob).text())).toMatchObject({ enCode: 'leaveFlow', flowTemplateJson: { nodeId: 'start' } });

    fireEvent.click(screen.getByLabelText('复制 请假流程'));
    await confirm();
    await waitFor(() => expect(gridRows().some((r) => /请假流程副本\d{6}/.test(r))).toBe(true), WAIT);
    const copyName = /请假流程副本\d{6}/.exec(gridRows().find((r) => /请假流程副本\d{6}/.test(r)) ?? '')?.[0] ?? '';
    fireEvent.click(screen.getByLabelText(`删除 ${copyName}`));
    await confirm();
    await waitFor(() => expect(gridRows().some((r) => r.includes(copyName))).toBe(false), WAIT);
  }, 60_000);

  it('新建流程 and 设计 open the flow designer', async () => {
    page();
    await waitFor(() => expect(row('请假流程')).not.toBe(''), WAIT);
    fireEvent.click(screen.getByLabelText('设计 请假流程'));
    expect((await screen.findByTestId('where', {}, WAIT)).textContent).toBe(`/workFlow/flowEngine/designer?id=${ids.leaveFlow}`);
    cleanup();
    page();
    fireEvent.click(await screen.findByTestId('flow-engine-new', {}, WAIT));
    expect((await screen.findByTestId('where', {}, WAIT)).textContent).toBe('/workFlow/flowEngine/designer');
  }, 60_000);
});
