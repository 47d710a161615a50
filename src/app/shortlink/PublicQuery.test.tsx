// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import PublicQuery from './PublicQuery';

/**
 * The public query page (公开查询, issue 18 item 7): date, time, cascader and tree-select conditions get their own
 * controls and send ListLink what the server's list filter takes (the server side: tests/server/shortlink-conditions).
 */
const listLink = vi.hoisted(() => vi.fn());
vi.mock('../../api/shortLink', () => ({ listLink }));
afterEach(() => listLink.mockReset());
initI18n('zh');

const AREAS = [{ id: 'zj', fullName: '浙江', children: [{ id: 'zj-hz', fullName: '杭州' }] }];
const KINDS = [{ id: 'raw', fullName: '原料', children: [{ id: 'raw-yarn', fullName: '纱线' }] }];
/** getConfig's columnCondition items (server query.ts jnpfFieldItems: the field in JNPF's names beside ours). */
const items = [
  { prop: 'day', label: '日期', jnpfKey: 'date', __config__: { kdKey: 'date', jnpfKey: 'date' }, type: 'date', format: 'yyyy-MM-dd' },
  { prop: 'clock', label: '时间', jnpfKey: 'time', __config__: { kdKey: 'time', jnpfKey: 'time' }, format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' },
  { prop: 'area', label: '地区', jnpfKey: 'cascader', __config__: { kdKey: 'cascader', jnpfKey: 'cascader', dataType: 'static' }, options: AREAS },
  { prop: 'kind', label: '类别', jnpfKey: 'treeSelect', __config__: { kdKey: 'treeSelect', jnpfKey: 'treeSelect', dataType: 'static' }, options: KINDS },
];
const info = { id: 'm1', fullName: '外链条件', type: 'list' as const, formPassUse: 0 as const, columnCondition: JSON.stringify(items), columnText: JSON.stringify([{ prop: 'code', label: '编码' }]), expiryTime: null };

/** Types `text` into a picker's input and commits it with Enter (as a user types a date or time). */
const typeInto = (input: HTMLElement, text: string) => {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
/** Opens a select-like control and clicks the option shown as `label`. */
const choose = async (box: HTMLElement, label: string) => {
  fireEvent.mouseDown(box.querySelector('.ant-select-selector, .ant-select, .ant-cascader') ?? box);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]);
};

describe('PublicQuery conditions', () => {
  it('sends date and time ranges, a cascader path, a tree node and the keyword as ListLink expects', async () => {
    listLink.mockResolvedValue({ list: [{ id: 'r1', code: 'A1' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } });
    render(<PublicQuery modelId="m1" encryption="e1" info={info} passwordMd5={null} />);
    expect(await screen.findByText('A1')).toBeTruthy();
    const [from, to] = within(screen.getByTestId('short-link-query-day')).getAllByRole('textbox');
    typeInto(from, '2026-03-02');
    typeInto(to, '2026-03-05');
    const [t1, t2] = within(screen.getByTestId('short-link-query-clock')).getAllByRole('textbox');
    typeInto(t1, '08:00:00');
    typeInto(t2, '14:00:00');
    await choose(screen.getByTestId('short-link-query-area'), '浙江');
    fireEvent.click((await screen.findAllByTitle('杭州')).at(-1) as HTMLElement);
    await choose(screen.getByTestId('short-link-query-kind'), '纱线');
    fireEvent.change(screen.getByTestId('short-link-query-keyword'), { target: { value: ' 纱线 ' } });
    fireEvent.click(screen.getByTestId('short-link-query-search'));
    await waitFor(() => expect(listLink).toHaveBeenCalledTimes(2));
    const [modelId, enc, body] = listLink.mock.calls[1];
    expect([modelId, enc, body.keyword, body.currentPage]).toEqual(['m1', 'e1', '纱线', 1]);
    expect(JSON.parse(body.queryJson)).toEqual({
      day: [new Date(2026, 2, 2).getTime(), new Date(2026, 2, 5, 23, 59, 59, 999).getTime()],
      clock: ['08:00:00', '14:00:00'],
      area: ['zj', 'zj-hz'],
      kind: 'raw-yarn',
    });
    // 重置 clears every condition and the keyword.
    fireEvent.click(screen.getByTestId('short-link-query-reset'));
    await waitFor(() => expect(listLink).toHaveBeenCalledTimes(3));
    expect(listLink.mock.calls[2][2]).toMatchObject({ queryJson: '', keyword: '' });
  });
});
