import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { isSwitchOn, switchValues } from './values';

/** rjsf widget for switch: antd Switch showing activeTxt/inactiveTxt; emits the field's on/off values (values.ts: JNPF's active-value/inactive-value, else true/false). */
function SwitchWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  return (
    <Switch
      id={id}
      checked={isSwitchOn(field, value)}
      disabled={disabled || readonly}
      checkedChildren={field.activeTxt as string | undefined}
      unCheckedChildren={field.inactiveTxt as string | undefined}
      onChange={(v) => onChange(v ? switchValues(field).on : switchValues(field).off)}
    />
  );
}
export default memoWidget(SwitchWidget);
