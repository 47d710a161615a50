// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeData } from '../_shared/fakeData';
import { renderStory } from '../_shared/renderStory';
import * as stories from './MonitorCharts.stories';
import { forgetHistory, pointOf, remember } from './series';
import { MONITOR_CHART_STRINGS } from './words';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
let hidden = false;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
// The charted history is kept per path for the page's life; another file of the same worker (the renderer contract)
// may have charted the story's own figures under the same path.
beforeEach(() => forgetHistory());
afterEach(() => {
  cleanup();
  forgetHistory();
  hidden = false;
});
const points = (name: string) => Number(screen.getByRole('img', { name: new RegExp(`^${name}`) }).getAttribute('data-points'));
const setHidden = (h: boolean) =>
  act(() => {
    hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('monitorCharts (issue 23 item 6)', () => {
  it('Basic draws CPU, memory, event-loop p99 and requests/s and adds a point per poll', async () => {
    const log: string[] = [];
    let n = 0;
    const data = fakeData({ '/api/system/Monitor': () => ({ cpu: { used: 20 + ++n }, memory: { usageRate: 55 }, eventLoop: { p99: 12.5 }, requests: { perSecond: 2 } }) }, log);
    await renderStory(<Basic data={data} />);
    await waitFor(() => expect(points('CPU 使用率')).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(screen.getByTestId('monitor-memory').textContent).toBe('55.0%');
    expect(screen.getByTestId('monitor-loopP99').textContent).toBe('12.5 ms');
    expect(screen.getByTestId('monitor-rps').textContent).toBe('2.00/s');
    expect(screen.getByTestId('monitor-cpu').textContent).toBe(`${(20 + n).toFixed(1)}%`);
    for (const name of ['内存使用率', '事件循环延迟 P99', '每秒请求数']) expect(points(name)).toBe(points('CPU 使用率'));
    expect(screen.getByText(/最近 5 分钟，最低 21\.0%，最高/)).toBeTruthy();
    expect(new Set(log)).toEqual(new Set(['GET /api/system/Monitor']));
  });

  it('pauses while the page is hidden and polls at once when it shows again', async () => {
    const log: string[] = [];
    await renderStory(<ReadOnly data={fakeData({ '/api/system/Monitor': { cpu: { used: 5 } } }, log)} />);
    await waitFor(() => expect(log.length).toBeGreaterThanOrEqual(1));
    await setHidden(true);
    const before = log.length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(log.length).toBe(before);
    await setHidden(false);
    await waitFor(() => expect(log.length).toBe(before + 1), { timeout: 500 });
  });

  it('Invalid shows why the figures could not be read', async () => {
    await renderStory(<Invalid />);
    expect(await screen.findByText('读取失败：no such path: /api/system/Monitor')).toBeTruthy();
    expect(screen.getByTestId('monitor-cpu').textContent).toBe('—');
  });

  it('Design does not poll', async () => {
    const log: string[] = [];
    await renderStory(<Design data={fakeData({ '/api/system/Monitor': {} }, log)} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(log).toEqual([]);
    expect(screen.getAllByRole('img')).toHaveLength(4);
  });

  it('keeps only the window and reads the figures it charts; every word in four languages', () => {
    remember('/m', pointOf({ cpu: { used: 1 } }, 0), 60_000);
    remember('/m', pointOf({ cpu: { used: 2 } }, 30_000), 60_000);
    expect(remember('/m', pointOf({ cpu: { used: 3 }, memory: { usageRate: 'x' } }, 61_000), 60_000)).toEqual([
      { t: 30_000, cpu: 2, memory: 0, loopP99: 0, rps: 0 },
      { t: 61_000, cpu: 3, memory: 0, loopP99: 0, rps: 0 },
    ]);
    const keys = Object.keys(MONITOR_CHART_STRINGS.zh).sort();
    for (const lang of ['en', 'tw', 'mas'] as const) expect(Object.keys(MONITOR_CHART_STRINGS[lang]).sort()).toEqual(keys);
  });
});
