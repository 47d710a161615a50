import type { WidgetProps } from '@rjsf/utils';
import { ColorPicker } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for colorPicker: antd ColorPicker showing the text; value `#rrggbb` (or `rgba(…)` with alpha), cleared -> undefined. */
function ColorPickerWidget({ value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const alpha = !!field['show-alpha'];
  return (
    <ColorPicker
      value={typeof value === 'string' ? value : null}
      disabled={disabled || readonly}
      disabledAlpha={!alpha}
      allowClear={!readonly}
      showText
      format={alpha || field['color-format'] === 'rgb' ? 'rgb' : 'hex'}
      onChange={(c) => onChange(alpha || field['color-format'] === 'rgb' ? c.toRgbString() : c.toHexString())}
      onClear={() => onChange(undefined)}
    />
  );
}
export default memoWidget(ColorPickerWidget);
