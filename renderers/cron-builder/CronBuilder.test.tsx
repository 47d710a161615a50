// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Cron } from 'croner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../src/i18n';
import { renderStory } from '../_shared/renderStory';
import * as stories from './CronBuilder.stories';
import { browserZone, previewCron, readCron, writeCron, zonedTime } from './cronSpec';
import { CRON_BUILDER_STRINGS } from './words';

const { Basic, ReadOnly, Invalid, Design, ServerZone } = composeStories(stories);
initI18n('zh');
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('zh'));
});
const text = () => document.getElementById('root_cron') as HTMLInputElement;
const runs = () => [...(screen.queryByTestId('cron-preview')?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '');
const last = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls.at(-1)?.[0] as { cron?: string } | undefined)?.cron;
const kind = (name: RegExp) => screen.getByRole('radio', { name });

describe('cronBuilder (issue 23 item 6)', () => {
  it('Basic reads a weekday expression into the builder and previews its next 5 runs, Monday to Friday at 08:30', async () => {
    await renderStory(<Basic />);
    expect((kind(/每周/) as HTMLInputElement).checked).toBe(true);
    const checked = [...document.querySelectorAll('.ant-checkbox-wrapper-checked')].map((e) => e.textContent);
    expect(checked).toEqual(['周一', '周二', '周三', '周四', '周五']);
    expect((screen.getByLabelText('时') as HTMLInputElement).value).toBe('8');
    expect((screen.getByLabelText('分') as HTMLInputElement).value).toBe('30');
    expect(runs()).toHaveLength(5);
    for (const r of runs()) expect(r).toMatch(/^\d{4}-\d\d-\d\d 08:30:00 周[一二三四五]$/);
  });

  it('Basic writes the expression of each kind as its parts are set, and the preview follows', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(kind(/每隔 N 分钟/));
    await waitFor(() => expect(last(onChange)).toBe('0 */5 * * * *'));
    fireEvent.change(screen.getByLabelText('分钟'), { target: { value: '20' } });
    await waitFor(() => expect(last(onChange)).toBe('0 */20 * * * *'));
    expect(text().value).toBe('0 */20 * * * *');
    for (const r of runs()) expect(r).toMatch(/:(00|20|40):00 /);
    fireEvent.click(kind(/每小时/));
    await waitFor(() => expect(last(onChange)).toBe('0 0 * * * *'));
    fireEvent.click(kind(/每天/));
    await waitFor(() => expect(last(onChange)).toBe('0 0 2 * * *'));
    fireEvent.change(screen.getByLabelText('时'), { target: { value: '23' } });
    await waitFor(() => expect(last(onChange)).toBe('0 0 23 * * *'));
    fireEvent.click(kind(/每月/));
    await waitFor(() => expect(last(onChange)).toBe('0 0 23 1 * *'));
    fireEvent.change(screen.getByLabelText('日'), { target: { value: '15' } });
    await waitFor(() => expect(last(onChange)).toBe('0 0 23 15 * *'));
    for (const r of runs()) expect(r).toMatch(/^\d{4}-\d\d-15 23:00:00/);
    fireEvent.click(kind(/每周/));
    // A weekday clicked the moment the weekdays appear toggles that day only (Monday stays ticked).
    fireEvent.click(screen.getByRole('checkbox', { name: '周日' }));
    await waitFor(() => expect(last(onChange)).toBe('0 0 23 * * 0,1'));
    const week = within(screen.getByRole('group', { name: '星期' }));
    expect(week.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest('label')?.textContent)).toEqual(['周一', '周日']);
    // The last ticked day cannot be unticked: 周一 off leaves 周日, 周日 then stays.
    fireEvent.click(week.getByRole('checkbox', { name: '周一' }));
    await waitFor(() => expect(last(onChange)).toBe('0 0 23 * * 0'));
    fireEvent.click(week.getByRole('checkbox', { name: '周日' }));
    expect(last(onChange)).toBe('0 0 23 * * 0');
    expect((week.getByRole('checkbox', { name: '周日' }) as HTMLInputElement).checked).toBe(true);
  });

  it('Basic keeps a typed custom expression and recognises a builder-shaped one', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(kind(/自定义/));
    fireEvent.change(text(), { target: { value: '0 0 9-18 * * 1-5' } });
    await waitFor(() => expect(last(onChange)).toBe('0 0 9-18 * * 1-5'));
    expect((kind(/自定义/) as HTMLInputElement).checked).toBe(true);
    expect(runs()).toHaveLength(5);
    fireEvent.change(text(), { target: { value: '0 45 6 * * *' } });
    await waitFor(() => expect((kind(/每天/) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('分') as HTMLInputElement).value).toBe('45');
  });

  it('ServerZone shows the server’s runs in the server’s time zone, labelled with it; without a server, the browser’s zone says so', async () => {
    expect(new Cron('0 30 8 * * 1,2,3,4,5', { timezone: 'Asia/Shanghai' }).nextRuns(2, new Date(Date.UTC(2030, 0, 6))).map((d) => d.getTime())).toEqual(stories.SHANGHAI_RUNS.list);
    await renderStory(<ServerZone />);
    await waitFor(() => expect(screen.getByTestId('cron-zone').textContent).toBe('服务器时区 Asia/Shanghai'));
    expect(runs()).toEqual(['2030-01-07 08:30:00 周一', '2030-01-08 08:30:00 周二']);
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('cron-zone').textContent).toBe('Server time zone Asia/Shanghai'));
    cleanup();
    await act(() => changeLanguage('zh'));
    await renderStory(<Basic />);
    await waitFor(() => expect(screen.getByTestId('cron-zone').textContent).toBe(`本机时区 ${browserZone()}（未连上服务器）`));
    expect(runs()).toHaveLength(5);
    expect(zonedTime(new Date(Date.UTC(2030, 0, 1, 16, 0, 5)), 'Asia/Shanghai')).toEqual({ text: '2030-01-02 00:00:05', weekday: 3 });
  });

  it('Invalid shows the server’s refusal text instead of runs, in the chosen language', async () => {
    await renderStory(<Invalid />);
    expect(screen.getByTestId('cron-error').textContent).toBe('Cron 表达式不正确：0 99 2 * * *');
    expect(screen.queryByTestId('cron-preview')).toBeNull();
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('cron-error').textContent).toBe('Invalid cron expression: 0 99 2 * * *'));
    expect(within(screen.getByTestId('cron-builder')).getByRole('radio', { name: 'Weekly' })).toBeTruthy();
  });

  it('ReadOnly and Design show the builder but cannot change it', async () => {
    await renderStory(<ReadOnly />);
    expect(text().readOnly).toBe(true);
    expect((kind(/每隔 N 分钟/) as HTMLInputElement).disabled).toBe(true);
    expect(runs()).toHaveLength(5);
    cleanup();
    await renderStory(<Design />);
    expect(text().disabled).toBe(true);
  });

  it('reads back what it writes, bounds the preview by start and end, and has every word in four languages', () => {
    for (const e of ['0 * * * * *', '0 */10 * * * *', '0 7 * * * *', '0 30 2 * * *', '0 0 8 * * 0,6', '0 15 1 28 * *']) expect(writeCron(readCron(e))).toBe(e);
    for (const e of ['0 0 2 * * MON', '*/5 * * * * *', '0 0 2 ? * *', '0 0 25 * * *', '0 30 8 * * 1,1']) expect(readCron(e).kind).toBe('custom');
    const now = new Date(2026, 0, 1, 0, 0, 0);
    expect(previewCron('0 0 2 * * *', 5, now, { end: new Date(2026, 0, 3, 12).getTime() })).toEqual({ ok: true, runs: [new Date(2026, 0, 1, 2), new Date(2026, 0, 2, 2), new Date(2026, 0, 3, 2)] });
    expect(previewCron('0 0 2 * * *', 1, now, { start: new Date(2026, 5, 1).getTime() })).toEqual({ ok: true, runs: [new Date(2026, 5, 1, 2)] });
    expect(previewCron('0 0 2 * * *', 5, now, { end: new Date(2026, 0, 1, 1).getTime() })).toEqual({ ok: false, reason: 'never' });
    expect(previewCron('', 5, now)).toEqual({ ok: false, reason: 'invalid' });
    const keys = Object.keys(CRON_BUILDER_STRINGS.zh).sort();
    for (const lang of ['en', 'tw', 'mas'] as const) expect(Object.keys(CRON_BUILDER_STRINGS[lang]).sort()).toEqual(keys);
  });
});
