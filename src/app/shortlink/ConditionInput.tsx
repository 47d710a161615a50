import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';

/** A search field of the public query as getConfig's `columnCondition` lists it (JNPF field items, query.ts). */
export interface ConditionItem {
  prop: string;
  label?: string;
  jnpfKey?: string;
  __slot__?: { options?: Array<{ fullName?: string; id?: unknown }> };
  options?: Array<{ fullName?: string; id?: unknown }>;
}

/** Fields the server searches by range (column-data.ts RANGE): a [min, max] pair of numbers. */
const NUMBER_RANGE = new Set(['numInput', 'calculate', 'rate', 'slider']);
/** Option fields searched by equality: a select over their static options. */
const OPTIONS = new Set(['select', 'radio', 'checkbox']);

/** A search value is empty when nothing was entered: '', null, or a range of two nulls. */
export function isEmptySearch(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === undefined));
}

/**
 * The box of one search field of the public query (PublicQuery), sending what the model's list expects for the
 * field's kind (server list-filter.ts): numbers as `[min, max]` (either side may be null), dates as `[start of the
 * first day, end of the last day]` in ms, static options as the option id, anything else as text (matched anywhere
 * for text fields).
 */
export default function ConditionInput({ item, value, onChange, onEnter }: { item: ConditionItem; value: unknown; onChange: (v: unknown) => void; onEnter: () => void }) {
  const key = item.jnpfKey ?? '';
  const testId = `short-link-query-${item.prop}`;
  if (NUMBER_RANGE.has(key)) {
    const [a, b] = Array.isArray(value) ? (value as Array<number | null>) : [null, null];
    return (
      <Space.Compact data-testid={testId}>
        <InputNumber value={a} onChange={(v) => onChange([v ?? null, b ?? null])} style={{ width: 110 }} />
        <InputNumber value={b} onChange={(v) => onChange([a ?? null, v ?? null])} style={{ width: 110 }} />
      </Space.Compact>
    );
  }
  if (key === 'date') {
    const [a, b] = Array.isArray(value) ? (value as number[]) : [];
    return (
      <DatePicker.RangePicker
        value={a && b ? [dayjs(a), dayjs(b)] : null}
        onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].startOf('day').valueOf(), r[1].endOf('day').valueOf()] : null)}
        data-testid={testId}
      />
    );
  }
  if (OPTIONS.has(key)) {
    const options = (item.__slot__?.options ?? item.options ?? []).map((o) => ({ value: String(o.id), label: String(o.fullName ?? o.id) }));
    return <Select allowClear value={value ?? undefined} options={options} onChange={(v) => onChange(v ?? null)} style={{ minWidth: 160 }} data-testid={testId} />;
  }
  return <Input value={typeof value === 'string' ? value : ''} allowClear onChange={(e) => onChange(e.target.value)} onPressEnter={onEnter} data-testid={testId} />;
}
