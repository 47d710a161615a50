import { Cascader, DatePicker, Input, InputNumber, Select, Space, TimePicker, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenOptions } from '../../../renderers/_shared/fieldProps';
import { useOptions } from '../../../renderers/_shared/useOptions';
import { toTreeNodes } from '../../../renderers/tree-select/TreeSelectWidget';
import type { FieldConfig, FieldOption } from '../../../schemas/field';
import { jnpfToDayjs } from '../../engine/dates';
import { SHORTLINK_NS } from './i18n';

/**
 * A search field of the public query as getConfig's `columnCondition` lists it (server shortlink/query.ts
 * jnpfFieldItems): the whole field in JNPF's names beside ours (`__config__.kdKey`, options in `__slot__.options` or
 * top-level `options`, a date's `type`/`format`, a time's `format`/`value-format`) plus `prop`, `label`, `jnpfKey`.
 */
export interface ConditionItem {
  prop: string;
  label?: string;
  jnpfKey?: string;
  __config__?: { kdKey?: string; jnpfKey?: string; dataType?: string; [k: string]: unknown };
  __slot__?: { options?: FieldOption[] };
  options?: FieldOption[];
  /** A date's picker: date (default), datetime, month, year. */
  type?: string;
  /** Display format (JNPF tokens for dates, e.g. yyyy-MM-dd; HH:mm:ss for times). */
  format?: string;
  /** A time's stored format (default its `format`, else HH:mm:ss). */
  'value-format'?: string;
}

/** Fields the server searches by range (column-data.ts RANGE): a [min, max] pair of numbers. */
const NUMBER_RANGE = new Set(['numInput', 'calculate', 'rate', 'slider']);
/** Option fields searched by equality: a select over their options. */
const OPTIONS = new Set(['select', 'radio', 'checkbox']);

/** A search value is empty when nothing was entered: '', null, or a range of two nulls. */
export function isEmptySearch(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === undefined));
}

/** Our kdKey of a condition (JNPF's jnpfKey when it has none). */
const kdKeyOf = (item: ConditionItem) => String(item.__config__?.kdKey ?? item.__config__?.jnpfKey ?? item.jnpfKey ?? '');
/** The item as the form renderers read a field (useOptions: `__config__.dataType`, static options). */
const asField = (item: ConditionItem) => ({ ...item, __config__: { ...(item.__config__ ?? {}), kdKey: kdKeyOf(item) } }) as unknown as FieldConfig;

type Props = { item: ConditionItem; value: unknown; onChange: (v: unknown) => void; testId: string };
type Pair = [Dayjs | null, Dayjs | null] | null;

/**
 * A date range as the list filter takes it (list-filter.ts range on ms): `[from, to]` in ms, either side null; a day
 * (month, year) picker sends the start of the first and the end of the last unit, a datetime picker the picked times.
 */
function DateRange({ item, value, onChange, testId }: Props) {
  const picker = item.type === 'month' || item.type === 'year' ? item.type : 'date';
  const unit = picker === 'date' ? 'day' : picker;
  const withTime = item.type === 'datetime';
  const [a, b] = Array.isArray(value) ? (value as Array<number | null>) : [null, null];
  const ms = (d: Dayjs | null, end: boolean) => (d ? (withTime ? d.valueOf() : end ? d.endOf(unit).valueOf() : d.startOf(unit).valueOf()) : null);
  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker
        picker={picker}
        showTime={withTime}
        format={jnpfToDayjs(item.format)}
        allowEmpty={[true, true]}
        value={[a === null ? null : dayjs(a), b === null ? null : dayjs(b)]}
        onChange={(r: Pair) => onChange(r ? [ms(r[0], false), ms(r[1], true)] : null)}
      />
    </span>
  );
}

/** A time range `[from, to]` as text in the field's stored format (HH:mm:ss by default), either side null; as JNPF's page sends it. */
function TimeRange({ item, value, onChange, testId }: Props) {
  const format = item.format || 'HH:mm:ss';
  const stored = item['value-format'] || format;
  const [a, b] = Array.isArray(value) ? (value as Array<string | null>) : [null, null];
  const parse = (v: string | null) => (v ? dayjs(v, stored) : null);
  return (
    <span data-testid={testId}>
      <TimePicker.RangePicker format={format} allowEmpty={[true, true]} value={[parse(a), parse(b)]} onChange={(r: Pair) => onChange(r ? [r[0]?.format(stored) ?? null, r[1]?.format(stored) ?? null] : null)} />
    </span>
  );
}

/** A cascader over the field's options (renderers' useOptions): the picked id path, a parent included (rows under it match). */
function CascaderCondition({ item, value, onChange, testId }: Props) {
  const { options, loading } = useOptions(asField(item));
  return (
    <span data-testid={testId}>
      <Cascader
        changeOnSelect
        allowClear
        showSearch
        loading={loading}
        style={{ minWidth: 200 }}
        options={options as never}
        fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
        value={Array.isArray(value) ? (value as string[]) : undefined}
        onChange={(v) => onChange(Array.isArray(v) && v.length ? v : null)}
      />
    </span>
  );
}

/** A tree select over the field's options (useOptions, the treeSelect renderer's nodes): the picked node id. */
function TreeCondition({ item, value, onChange, testId }: Props) {
  const { options, loading } = useOptions(asField(item));
  const tree = useMemo(() => toTreeNodes(options), [options]);
  return (
    <span data-testid={testId}>
      <TreeSelect allowClear showSearch treeDefaultExpandAll treeNodeFilterProp="title" loading={loading} style={{ minWidth: 200 }} treeData={tree} value={value ?? undefined} onChange={(v: unknown) => onChange(v ?? null)} />
    </span>
  );
}

/** A select over a select/radio/checkbox field's options (useOptions): the option id. */
function OptionCondition({ item, value, onChange, testId }: Props) {
  const { options, loading } = useOptions(asField(item));
  const list = flattenOptions(options).map((o) => ({ value: String(o.id), label: String(o.fullName ?? o.id) }));
  return <Select allowClear showSearch optionFilterProp="label" loading={loading} value={value ?? undefined} options={list} onChange={(v) => onChange(v ?? null)} style={{ minWidth: 160 }} data-testid={testId} />;
}

/**
 * The box of one search field of the public query (PublicQuery), by the field's kind, sending what the model's list
 * filter takes (server list-filter.ts): numbers as `[min, max]`, dates as a ms range, times as a text range, both
 * either side null; a cascader its id path, a tree select and the option widgets the option id, a switch true/false;
 * anything else as text (matched anywhere for text fields).
 */
export default function ConditionInput({ item, value, onChange, onEnter }: { item: ConditionItem; value: unknown; onChange: (v: unknown) => void; onEnter: () => void }) {
  const { t } = useTranslation(SHORTLINK_NS);
  const key = kdKeyOf(item);
  const props = { item, value, onChange, testId: `short-link-query-${item.prop}` };
  if (NUMBER_RANGE.has(key)) {
    const [a, b] = Array.isArray(value) ? (value as Array<number | null>) : [null, null];
    return (
      <Space.Compact data-testid={props.testId}>
        <InputNumber value={a} placeholder={t('start')} onChange={(v) => onChange([v ?? null, b ?? null])} style={{ width: 110 }} />
        <InputNumber value={b} placeholder={t('end')} onChange={(v) => onChange([a ?? null, v ?? null])} style={{ width: 110 }} />
      </Space.Compact>
    );
  }
  if (key === 'date') return <DateRange {...props} />;
  if (key === 'time') return <TimeRange {...props} />;
  if (key === 'cascader') return <CascaderCondition {...props} />;
  if (key === 'treeSelect') return <TreeCondition {...props} />;
  if (OPTIONS.has(key)) return <OptionCondition {...props} />;
  if (key === 'switch') {
    const options = [
      { value: 'true', label: t('yes') },
      { value: 'false', label: t('no') },
    ];
    return <Select allowClear value={value === true ? 'true' : value === false ? 'false' : undefined} options={options} onChange={(v) => onChange(v === undefined ? null : v === 'true')} style={{ minWidth: 100 }} data-testid={props.testId} />;
  }
  return <Input value={typeof value === 'string' ? value : ''} allowClear onChange={(e) => onChange(e.target.value)} onPressEnter={onEnter} data-testid={props.testId} />;
}
