import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Input, InputNumber, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { CRON_KINDS, type CronKind, type CronSpec, previewCron, readCron, specOf, writeCron } from './cronSpec';
import { widgetWord } from '../_shared/words';
import { type CronWord, cronWord } from './words';

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;
const epoch = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

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
          <Checkbox.Group
            aria-label={w('weekdaysLabel')}
            disabled={off}
            value={spec.days}
            options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: days[d] }))}
            onChange={(v) => {
              if (v.length) emit({ ...spec, days: v as number[] });
            }}
          />
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
        {preview?.ok === false && (
          <Typography.Text type="danger" data-testid="cron-error">
            {preview.reason === 'never' ? w('never') : w('badCron', { detail: text.trim().slice(0, 100) })}
          </Typography.Text>
        )}
        {preview?.ok && (
          <div data-testid="cron-preview">
            <Typography.Text type="secondary">{w('next', { count: preview.runs.length })}</Typography.Text>
            <ol style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
              {preview.runs.map((d) => (
                <li key={d.getTime()}>
                  {dayjs(d).format('YYYY-MM-DD HH:mm:ss')} {days[d.getDay()]}
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
