import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Input, InputNumber, Radio, Space, Typography } from 'antd';
import i18next from 'i18next';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { useKdData } from '../_shared/KdDataContext';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { browserZone, CRON_KINDS, type CronKind, type CronSpec, previewCron, readCron, specOf, writeCron, zonedTime } from './cronSpec';
import { widgetWord } from '../_shared/words';
import { type CronWord, cronWord } from './words';

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;
/** The weekday boxes in order, Monday first (0 Sunday … 6 Saturday, as cron writes them). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const epoch = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The server's answer for one expression and window (`key`): its zone and runs (epoch ms), or that it failed. */
type Served = { key: string; zone: string; runs: number[] } | { key: string; failed: true };

/**
 * The server's next runs of `text` within start/end (GET /api/scheduletask/NextRuns → `{ timeZone, list }`, computed
 * by the scheduler's own croner setup in its zone), asked 200 ms after the text settles while the local check passes;
 * null while asking.
 */
function useServerRuns(text: string, start: number | null, end: number | null, valid: boolean): Served | null {
  const data = useKdData();
  const key = `${text.trim()}|${start ?? ''}|${end ?? ''}`;
  const [served, setServed] = useState<Served | null>(null);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ cron: text.trim(), count: '5' });
      if (start) q.set('startTime', String(start));
      if (end) q.set('endTime', String(end));
      data
        .request('GET', `/api/scheduletask/NextRuns?${q}`)
        .then((r) => {
          const a = r as { timeZone?: unknown; list?: unknown } | null;
          if (!live) return;
          if (typeof a?.timeZone === 'string' && Array.isArray(a.list)) setServed({ key, zone: a.timeZone, runs: a.list.filter((n): n is number => typeof n === 'number') });
          else setServed({ key, failed: true });
        })
        .catch(() => {
          if (live) setServed({ key, failed: true });
        });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data, key, text, start, end, valid]);
  return served?.key === key ? served : null;
}

/** A whole number input of the builder, named for assistive technology; an emptied box changes nothing. */
function Part({ label, value, min, max, off, onChange }: { label: string; value: number; min: number; max: number; off: boolean; onChange: (n: number) => void }) {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      min={min}
      max={max}
      precision={0}
      value={value}
      disabled={off}
      style={{ width: 72 }}
      onChange={(n) => {
        if (typeof n === 'number' && n >= min && n <= max) onChange(n);
      }}
    />
  );
}

/**
 * rjsf widget of cronBuilder (see definition.ts): a radio row of schedule kinds (每隔 N 分钟 / 每小时 / 每天 / 每周 /
 * 每月 / 自定义), the kind's parts (minutes, time of day, weekdays, day of month) as number boxes and checkboxes, and
 * the cron text itself (the field's `id`, editable: typing a builder-shaped expression selects its kind). Under it the
 * next 5 runs (croner, within the record's startTime/endTime) or the server's refusal text. All of it is reachable by
 * keyboard (radio arrows, number boxes, checkboxes, the text box). Value: the expression (trimmed by the server).
 * The runs are the server's (GET /api/scheduletask/NextRuns), shown in the scheduler's time zone and labelled with it
 * (服务器时区 Asia/Shanghai); when the server cannot be reached, croner's runs in this browser's zone, labelled so.
 */
function CronBuilder({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const field = fieldOf(options);
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  const w = useCallback((k: CronWord, vars?: Record<string, string | number>) => cronWord(lang, k, vars), [lang]);
  const record = useFormValues();
  const text = typeof value === 'string' ? value : '';
  const read = useMemo(() => readCron(text), [text]);
  const [chosen, setChosen] = useState<CronKind | null>(null);
  const kind: CronKind = chosen ?? (text ? read.kind : 'daily');
  const spec: CronSpec = read.kind === kind ? read : specOf(kind, read);
  const off = !!disabled || !!readonly;
  const startField = typeof field.startField === 'string' && field.startField ? field.startField : 'startTime';
  const endField = typeof field.endField === 'string' && field.endField ? field.endField : 'endTime';
  const start = epoch(record[startField]);
  const end = epoch(record[endField]);
  const preview = useMemo(() => (text.trim() ? previewCron(text, 5, new Date(), { start, end }) : null), [text, start, end]);
  const days = w('weekdays').split(',');
  const served = useServerRuns(text, start, end, preview?.ok === true);
  const shown = useMemo(() => {
    if (!preview?.ok) return null;
    if (served && 'zone' in served) return { label: w('serverZone', { zone: served.zone }), runs: served.runs.map((ms) => ({ ms, ...zonedTime(new Date(ms), served.zone) })) };
    const zone = browserZone();
    return { label: served ? w('localZone', { zone }) : '', runs: preview.runs.map((d) => ({ ms: d.getTime(), ...zonedTime(d, zone) })) };
  }, [preview, served, w]);
  const never = preview?.ok === false ? preview.reason === 'never' : shown?.runs.length === 0;

  const emit = (s: CronSpec) => {
    const next = writeCron(s);
    if (next !== null) onChange(next);
  };
  const pickKind = (k: CronKind) => {
    setChosen(k);
    if (k !== 'custom') emit(specOf(k, read));
  };
  const time = (s: Extract<CronSpec, { hour: number }>) => (
    <>
      <Part label={w('hour')} value={s.hour} min={0} max={23} off={off} onChange={(hour) => emit({ ...s, hour })} />
      <span aria-hidden>:</span>
      <Part label={w('minute')} value={s.minute} min={0} max={59} off={off} onChange={(minute) => emit({ ...s, minute })} />
    </>
  );

  return (
    <div className="kd-cron-builder" data-testid="cron-builder">
      <Radio.Group
        aria-label={w('kind')}
        optionType="button"
        buttonStyle="solid"
        size="small"
        disabled={off}
        value={kind}
        options={CRON_KINDS.map((k) => ({ value: k, label: w(k) }))}
        onChange={(e) => pickKind(e.target.value as CronKind)}
      />
      <Space wrap size={6} style={{ display: 'flex', margin: '8px 0' }} data-testid="cron-parts">
        {spec.kind === 'minutes' && (
          <>
            <span>{w('every')}</span>
            <Part label={w('minutesUnit')} value={spec.every} min={1} max={59} off={off} onChange={(every) => emit({ ...spec, every })} />
            <span>{w('minutesUnit')}</span>
          </>
        )}
        {spec.kind === 'hourly' && <Part label={w('atMinute')} value={spec.minute} min={0} max={59} off={off} onChange={(minute) => emit({ ...spec, minute })} />}
        {spec.kind === 'monthly' && (
          <>
            <Part label={w('day')} value={spec.day} min={1} max={31} off={off} onChange={(day) => emit({ ...spec, day })} />
            <span>{w('day')}</span>
          </>
        )}
        {spec.kind === 'weekly' && (
          // Plain checkboxes, each toggling its own weekday (Monday first; the last one stays ticked): antd's Checkbox.Group
          // answered a click only with the days whose checkboxes had registered in an effect.
          <fieldset aria-label={w('weekdaysLabel')} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {WEEK.map((d) => (
              <Checkbox
                key={d}
                disabled={off}
                checked={spec.days.includes(d)}
                onChange={(e) => {
                  const next = WEEK.filter((x) => (x === d ? e.target.checked : spec.days.includes(x)));
                  if (next.length) emit({ ...spec, days: next });
                }}
              >
                {days[d]}
              </Checkbox>
            ))}
          </fieldset>
        )}
        {(spec.kind === 'daily' || spec.kind === 'weekly' || spec.kind === 'monthly') && time(spec)}
      </Space>
      <Input
        id={id}
        aria-label={w('expression')}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        spellCheck={false}
        maxLength={200}
        placeholder={placeholder || ((field.placeholder as string | undefined) ?? widgetWord(lang, 'cron'))}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        onChange={(e) => {
          const next = e.target.value;
          setChosen(next.trim() ? readCron(next).kind : null);
          onChange(next === '' ? undefined : next);
        }}
        onBlur={() => onBlur(id, value)}
      />
      <div aria-live="polite" style={{ marginTop: 6 }}>
        {(preview?.ok === false || never) && (
          <Typography.Text type="danger" data-testid="cron-error">
            {never ? w('never') : w('badCron', { detail: text.trim().slice(0, 100) })}
          </Typography.Text>
        )}
        {shown && !never && (
          <div data-testid="cron-preview" aria-busy={!served}>
            <Typography.Text type="secondary">{w('next', { count: shown.runs.length })}</Typography.Text>
            {shown.label && (
              <Typography.Text type="secondary" data-testid="cron-zone" style={{ marginInlineStart: 8 }}>
                {shown.label}
              </Typography.Text>
            )}
            <ol style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
              {shown.runs.map((r) => (
                <li key={r.ms}>
                  {r.text} {days[r.weekday]}
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </div>
  );
}
export default memoWidget(CronBuilder);
