import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';
import { isSwitchOn, switchValues } from './values';

/**
 * rjsf widget for switch: antd Switch showing activeTxt/inactiveTxt, or the translated 开/关 (On/Off) when the field
 * has none (issue 25 item 5: scaffolds store no switch text); emits the field's on/off values (values.ts: JNPF's
 * active-value/inactive-value, else true/false).
 */
function SwitchWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  return (
    <Switch
      id={id}
      checked={isSwitchOn(field, value)}
      disabled={disabled || readonly}
      checkedChildren={(field.activeTxt as string | undefined) || w('switchOn')}
      unCheckedChildren={(field.inactiveTxt as string | undefined) || w('switchOff')}
      onChange={(v) => onChange(v ? switchValues(field).on : switchValues(field).off)}
    />
  );
}
export default memoWidget(SwitchWidget);
