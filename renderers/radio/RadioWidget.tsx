import type { WidgetProps } from '@rjsf/utils';
import { Radio, Spin } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { useOptions } from '../_shared/useOptions';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for radio: antd Radio.Group over the field's options; value is the option id. */
function RadioWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const { options: opts, loading } = useOptions(field);
  if (loading) return <Spin size="small" />;
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled || readonly}
      optionType={field.__config__.optionType === 'button' ? 'button' : 'default'}
      options={opts.map((o) => ({ value: o.id as string | number, label: o.fullName }))}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
export default memoWidget(RadioWidget);
