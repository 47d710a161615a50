import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Spin } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { useOptions } from '../_shared/useOptions';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for checkbox: antd Checkbox.Group; value is an array of option ids (none chosen -> undefined). */
function CheckboxWidget({ value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  if (loading) return <Spin size="small" />;
  return (
    <Checkbox.Group
      value={Array.isArray(value) ? value : []}
      disabled={disabled || readonly}
      options={opts.map((o) => ({ value: o.id as string | number, label: o.fullName }))}
      onChange={(v) => onChange(v.length ? v : undefined)}
    />
  );
}
export default memoWidget(CheckboxWidget);
