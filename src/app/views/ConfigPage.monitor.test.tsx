// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetHistory } from '../../../renderers/monitor-charts/series';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 系统监控's live charts (issue 23 item 6) against the real server: the page config's `panels` show monitorCharts
 * above the figures' list; it polls GET /api/system/Monitor every 3 s and each chart gains a point per poll, with the
 * server's figures as the latest values (CPU and memory in %, event-loop p99 in ms, requests/s).
 */
pageTestServerLifecycle();
resetAfterEach();

const points = (name: string) => Number(screen.getByRole('img', { name: new RegExp(`^${name}`) }).getAttribute('data-points'));

describe('系统监控 live charts', () => {
  it('charts CPU, memory, event-loop p99 and requests/s from the server, a point per poll', async () => {
    forgetHistory();
    renderConfigPage('systemMonitor');
    await waitFor(() => expect(screen.getByTestId('monitor-charts')).toBeTruthy(), WAIT);
    await waitFor(() => expect(points('CPU 使用率')).toBeGreaterThanOrEqual(1), WAIT);
    const first = points('CPU 使用率');
    await waitFor(() => expect(points('CPU 使用率')).toBeGreaterThan(first), WAIT);
    expect(screen.getByTestId('monitor-cpu').textContent).toMatch(/^\d+\.\d%$/);
    expect(screen.getByTestId('monitor-memory').textContent).toMatch(/^\d+\.\d%$/);
    expect(Number.parseFloat(screen.getByTestId('monitor-memory').textContent ?? '')).toBeGreaterThan(0);
    expect(screen.getByTestId('monitor-loopP99').textContent).toMatch(/^\d+\.\d ms$/);
    // The page's own list calls (config, Items) and the polls are requests the server counted in its window.
    expect(screen.getByTestId('monitor-rps').textContent).toMatch(/^\d+\.\d\d\/s$/);
    for (const name of ['内存使用率', '事件循环延迟 P99', '每秒请求数']) expect(points(name)).toBe(points('CPU 使用率'));
    await waitFor(() => expect(gridRows('systemMonitor').some((r) => r.includes('操作系统'))).toBe(true), WAIT);
  }, 90_000);
});
