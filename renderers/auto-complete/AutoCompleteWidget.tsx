import type { WidgetProps } from '@rjsf/utils';
import { AutoComplete } from 'antd';
import { useEffect, useState } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { useKdData } from '../_shared/KdDataContext';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/**
 * rjsf widget for autoComplete: antd AutoComplete; typing (300 ms debounce) asks the data interface
 * `POST /api/system/DataInterface/{interfaceId}/Actions/List` with `{keyword, currentPage: 1, pageSize: total}` and
 * suggests each row's `relationField`. Value: the typed or chosen text.
 */
function AutoCompleteWidget({ id, value, disabled, readonly, placeholder, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const data = useKdData();
  const [keyword, setKeyword] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const interfaceId = String(field.interfaceId ?? '');
  const show = String(field.relationField || 'fullName');
  const total = typeof field.total === 'number' ? field.total : 50;
  useEffect(() => {
    if (keyword === null || !interfaceId) return;
    let live = true;
    const t = setTimeout(() => {
      data
        .request('POST', `/api/system/DataInterface/${encodeURIComponent(interfaceId)}/Actions/List`, { keyword, currentPage: 1, pageSize: total })
        .then((d) => {
          const rows = (Array.isArray(d) ? d : ((d as { list?: unknown[] })?.list ?? [])) as Record<string, unknown>[];
          if (live) setSuggestions([...new Set(rows.map((r) => String(r[show] ?? '')).filter(Boolean))].slice(0, total));
        })
        .catch(() => live && setSuggestions([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [keyword, interfaceId, show, total, data]);
  return (
    <AutoComplete
      id={id}
      style={{ width: '100%' }}
      value={value ?? ''}
      options={suggestions.map((s) => ({ value: s }))}
      disabled={disabled || readonly}
      allowClear={field.clearable !== false && !readonly}
      placeholder={placeholder || ((field.placeholder as string | undefined) ?? w('input'))}
      onSearch={(k) => setKeyword(k)}
      onChange={(v: string) => onChange(v ? v : undefined)}
    />
  );
}
export default memoWidget(AutoCompleteWidget);
