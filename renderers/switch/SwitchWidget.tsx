import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for switch: antd Switch showing activeTxt/inactiveTxt; value boolean (1/0 from JNPF data read as on/off). */
function SwitchWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  return (
    <Switch
      id={id}
      checked={value === true || value === 1}
      disabled={disabled || readonly}
      checkedChildren={field.activeTxt as string | undefined}
      unCheckedChildren={field.inactiveTxt as string | undefined}
      onChange={(v) => onChange(v)}
    />
  );
}
export default memoWidget(SwitchWidget);
