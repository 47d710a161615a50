import { InfoCircleOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Select, Space, TimePicker, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenOptions } from '../../renderers/_shared/fieldProps';
import { useOptions } from '../../renderers/_shared/useOptions';
import type { SearchItem } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { CompiledForm } from '../engine/compile';
import { columnField } from './columns';
import { RUNTIME_NS } from './i18n';
import { buildQueryJson, searchInputOf } from './searchFields';

/** What a search asks for: the keyword and the queryJson string (undefined when empty). */
export interface SearchState {
  keyword: string;
  queryJson?: string;
}

/** Props of {@link SearchBar}. */
export interface SearchBarProps {
  searchList: SearchItem[];
  compiled: CompiledForm;
  onSearch: (state: SearchState) => void;
}

type Values = Record<string, unknown>;

function OptionSearch({ item, field, value, onChange }: { item: SearchItem; field: FieldConfig; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation(RUNTIME_NS);
  const { options, loading } = useOptions(field);
  return (
    <Select
      aria-label={item.label}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      placeholder={t('list.pleaseSelect', { label: item.label })}
      style={{ width: 180 }}
      value={value ?? undefined}
      options={flattenOptions(options).map((o) => ({ value: o.id as string, label: o.fullName }))}
      onChange={(v) => onChange(v ?? null)}
    />
  );
}

/** A [from, to] pair from a range picker, as ms (dates: start and end of day) or HH:mm:ss (times). */
function rangeOf(v: [Dayjs | null, Dayjs | null] | null, kind: 'date' | 'time'): unknown[] | null {
  if (!v) return null;
  if (kind === 'time') return v.map((d) => (d ? d.format('HH:mm:ss') : null));
  return [v[0] ? v[0].startOf('day').valueOf() : null, v[1] ? v[1].endOf('day').valueOf() : null];
}

function SearchInput({ item, compiled, value, onChange }: { item: SearchItem; compiled: CompiledForm; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation(RUNTIME_NS);
  // A list-only column's search item describes its own widget (kdKey, __slot__ options), as the column does.
  const field = compiled.byModel[item.prop] ?? columnField(item);
  const kind = searchInputOf(item, field);
  const pair = (Array.isArray(value) ? value : [null, null]) as unknown[];
  if (kind === 'select' && field) return <OptionSearch item={item} field={field} value={value} onChange={onChange} />;
  if (kind === 'boolean') {
    return (
      <Select
        aria-label={item.label}
        allowClear
        placeholder={t('list.pleaseSelect', { label: item.label })}
        style={{ width: 120 }}
        value={value ?? undefined}
        options={[
          { value: true, label: t('list.yes') },
          { value: false, label: t('list.no') },
        ]}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  }
  if (kind === 'numberRange') {
    return (
      <Space.Compact>
        <InputNumber aria-label={`${item.label} ${t('list.from')}`} placeholder={t('list.from')} value={(pair[0] as number | null) ?? null} onChange={(v) => onChange([v, pair[1] ?? null])} />
        <InputNumber aria-label={`${item.label} ${t('list.to')}`} placeholder={t('list.to')} value={(pair[1] as number | null) ?? null} onChange={(v) => onChange([pair[0] ?? null, v])} />
      </Space.Compact>
    );
  }
  if (kind === 'dateRange') {
    const v = pair.map((x) => (typeof x === 'number' ? dayjs(x) : null)) as [Dayjs | null, Dayjs | null];
    return <DatePicker.RangePicker aria-label={item.label} allowEmpty={[true, true]} value={v} onChange={(d) => onChange(rangeOf(d as [Dayjs | null, Dayjs | null] | null, 'date'))} />;
  }
  if (kind === 'timeRange') {
    const v = pair.map((x) => (typeof x === 'string' ? dayjs(x, 'HH:mm:ss') : null)) as [Dayjs | null, Dayjs | null];
    return <TimePicker.RangePicker aria-label={item.label} allowEmpty={[true, true]} value={v} onChange={(d) => onChange(rangeOf(d as [Dayjs | null, Dayjs | null] | null, 'time'))} />;
  }
  return (
    <Input aria-label={item.label} allowClear placeholder={t('list.pleaseInput', { label: item.label })} style={{ width: 180 }} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />
  );
}

/**
 * The search area of a list (spec 001 §2): the keyword box and one input per `searchList` item by search type — 1 equal
 * (a text box, or a select for option widgets and 是/否 for switches), 2 fuzzy (a text box), 3 range (two number boxes,
 * a date range or a time range). 查询 sends `{ keyword, queryJson }`; 重置 clears everything and searches again.
 * The keyword box states the short-keyword rule (issue 28 item 1, server keyword-index.ts: under 3 characters on a
 * list of 50,000+ rows a keyword matches the start of the text) as its title and in the tooltip of its info icon.
 */
export default function SearchBar({ searchList, compiled, onSearch }: SearchBarProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [keyword, setKeyword] = useState('');
  const [values, setValues] = useState<Values>({});
  const search = (kw = keyword, vals = values) => onSearch({ keyword: kw.trim(), queryJson: buildQueryJson(vals, searchList) });
  const reset = () => {
    setKeyword('');
    setValues({});
    search('', {});
  };
  return (
    <div className="kd-list-search">
      <Input
        id="kd-keyword"
        allowClear
        value={keyword}
        placeholder={t('list.keyword')}
        title={t('list.keywordHint')}
        suffix={
          <Tooltip title={t('list.keywordHint')}>
            <InfoCircleOutlined aria-label={t('list.keywordHint')} style={{ color: 'rgba(0,0,0,.45)' }} />
          </Tooltip>
        }
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={() => search()}
        style={{ width: 240 }}
      />
      {searchList.map((item) => (
        <span key={item.prop} className="kd-search-item">
          <span className="kd-search-label">{item.label}</span>
          <SearchInput item={item} compiled={compiled} value={values[item.prop]} onChange={(v) => setValues((old) => ({ ...old, [item.prop]: v }))} />
        </span>
      ))}
      <Button type="primary" icon={<SearchOutlined />} onClick={() => search()}>
        {t('list.search')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={reset}>
        {t('list.reset')}
      </Button>
    </div>
  );
}
