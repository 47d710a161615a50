// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeData } from '../_shared/fakeData';
import { renderStory } from '../_shared/renderStory';
import * as stories from './ReportView.stories';

const { Basic, Invalid, ReadOnly, Unsaved, Design } = composeStories(stories);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cellsOf = (container: HTMLElement) => [...container.querySelectorAll('.ag-row')].sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index'))).map((r) => [...r.querySelectorAll('.ag-cell')].map((c) => c.textContent ?? ''));

describe('reportView', () => {
  it('Basic runs the report with the server defaults and shows rows, bold subtotal rows, the grand total and the chart', async () => {
    const log: string[] = [];
    const base = stories.default.args.data;
    const data = fakeData({}, log);
    data.request = async (m, p, b) => {
      log.push(`${m} ${p}`);
      return base.request(m, p, b);
    };
    const { container } = await renderStory(<Basic data={data} />);
    await waitFor(() => expect(cellsOf(container)).toHaveLength(6));
    expect(cellsOf(container)).toEqual([
      ['华东', '1,200.50'],
      ['华东', '300.00'],
      ['华东 小计', '1,500.50'],
      ['华南', '800.00'],
      ['华南 小计', '800.00'],
      ['合计', '2,300.50'],
    ]);
    expect(log).toEqual(['GET /api/datareport/Data/rep-1/Info', 'POST /api/datareport/Data/rep-1/Preview']);
    expect(container.querySelectorAll('.kd-report-subtotal')).toHaveLength(2);
    expect(container.querySelectorAll('.kd-report-total')).toHaveLength(1);
    const chart = screen.getByTestId('report-chart');
    expect(chart.getAttribute('aria-label')).toBe('金额（按区域）');
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出 Excel/ }).hasAttribute('disabled')).toBe(false);
  });

  it('导出 PDF posts the parameter values used to the server’s PDF export and shows its refusal over the row limit', async () => {
    const calls: Array<[string, unknown]> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      calls.push([String(url).split('?')[0], JSON.parse(String(init?.body))]);
      return new Response(JSON.stringify({ code: 400, msg: 'PDF 最多导出 5,000 行（当前至少 5,001 行），请缩小参数范围或导出 Excel' }), { headers: { 'content-type': 'application/json' } });
    });
    const { container } = await renderStory(<Basic />);
    await waitFor(() => expect(cellsOf(container)).toHaveLength(6));
    fireEvent.click(screen.getByRole('button', { name: /导出 PDF/ }));
    expect(await screen.findByText('导出失败：PDF 最多导出 5,000 行（当前至少 5,001 行），请缩小参数范围或导出 Excel')).toBeTruthy();
    expect(calls).toEqual([['/api/datareport/Data/rep-1/Actions/ExportPdf', { params: expect.any(Object) }]]);
  });

  it('Invalid shows the server’s refusal', async () => {
    await renderStory(<Invalid />);
    expect(await screen.findByText('报表加载失败：SQL 不能访问 users')).toBeTruthy();
  });

  it('ReadOnly still runs; Unsaved asks to save first; Design is inert', async () => {
    const { container } = await renderStory(<ReadOnly />);
    await waitFor(() => expect(cellsOf(container).length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(cellsOf(container)).toHaveLength(6));
    cleanup();
    await renderStory(<Unsaved />);
    expect(screen.getByText('请先保存报表')).toBeTruthy();
    cleanup();
    await renderStory(<Design />);
    expect(screen.getByRole('button', { name: /查\s*询/ }).hasAttribute('disabled')).toBe(true);
  });
});
