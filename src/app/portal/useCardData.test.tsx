// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartOption } from './chartOption';
import { useCardData } from './useCardData';

/** A card's own refresh timer (issue 16 item 3: per-card refresh 1–1440 minutes) and the chart options built from rows. */
afterEach(() => {
  vi.useRealTimers();
});

describe('useCardData', () => {
  it('loads at once, again every N minutes, never after unmount; no timer without refresh; errors end loading', async () => {
    vi.useFakeTimers();
    let n = 0;
    const load = () => Promise.resolve(++n);
    const { result, unmount } = renderHook(() => useCardData(load, 5, 'a'));
    await act(async () => {});
    expect(result.current).toMatchObject({ loading: false, data: 1, error: null });
    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000 - 1);
    });
    expect(n).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.data).toBe(2);
    unmount();
    await act(async () => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    expect(n).toBe(2);

    let m = 0;
    const fails = () => (++m === 1 ? Promise.reject(new Error('boom')) : Promise.resolve('ok'));
    const second = renderHook(() => useCardData(fails, null, 'b'));
    await act(async () => {});
    expect(second.result.current).toMatchObject({ loading: false, data: null, error: 'boom' });
    await act(async () => {
      vi.advanceTimersByTime(24 * 60 * 60_000);
    });
    expect(m).toBe(1);
    await act(async () => second.result.current.reload());
    expect(second.result.current).toMatchObject({ loading: false, data: 'ok', error: null });
    second.unmount();
  });
});

describe('chartOption', () => {
  const rows = [
    { month: '2026-01', count: 3, qty: 10 },
    { month: '2026-02', count: 5, qty: 20 },
  ];
  it('makes bar, area, annular and radar options from rows', () => {
    expect(chartOption('bar', rows, 'month', ['count'])).toMatchObject({ xAxis: { data: ['2026-01', '2026-02'] }, series: [{ type: 'bar', data: [3, 5] }] });
    expect(chartOption('area', rows, 'month', [])).toMatchObject({ series: [{ type: 'line', areaStyle: {}, data: [3, 5] }, { name: 'qty', data: [10, 20] }] });
    expect(chartOption('annular', rows, 'month', ['qty'])).toMatchObject({ series: [{ type: 'pie', radius: ['45%', '70%'], data: [{ name: '2026-01', value: 10 }, { name: '2026-02', value: 20 }] }] });
    expect(chartOption('radar', rows, 'month', ['count'])).toMatchObject({ radar: { indicator: [{ name: '2026-01', max: 5 }, { name: '2026-02', max: 5 }] }, series: [{ type: 'radar', data: [{ name: 'count', value: [3, 5] }] }] });
  });
});
