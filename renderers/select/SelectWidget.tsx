import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo } from 'react';
import { fieldOf } from '../_shared/fieldProps';
import { useOptions } from '../_shared/useOptions';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for select: antd Select over the field's options (static, dictionary or dynamic); clearing -> undefined. */
function SelectWidget({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  const multiple = !!field.multiple;
  const items = useMemo(() => opts.map((o) => ({ value: o.id as string | number, label: o.fullName, disabled: !!o.disabled })), [opts]);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? (multiple ? [] : undefined)}
      options={items}
      loading={loading}
      allowClear={field.clearable !== false}
      showSearch={field.filterable ? { optionFilterProp: 'label' } : false}
      disabled={disabled || readonly}
      placeholder={placeholder || (field.placeholder as string | undefined) || w('select')}
      onChange={(v: unknown) => onChange(Array.isArray(v) ? (v.length ? v : undefined) : (v ?? undefined))}
      onBlur={() => onBlur(id, value)}
    />
  );
}
export default memoWidget(SelectWidget);
