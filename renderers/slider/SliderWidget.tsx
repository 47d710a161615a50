import type { WidgetProps } from '@rjsf/utils';
import { Slider } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';

/** rjsf widget for slider: antd Slider over [min, max] by `step`; `range` emits `[low, high]`. */
function SliderWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const field = fieldOf(options);
  const min = typeof field.min === 'number' ? field.min : 0;
  const max = typeof field.max === 'number' ? field.max : 100;
  const step = typeof field.step === 'number' ? field.step : 1;
  const common = { min, max, step, dots: !!field['show-stops'], disabled: disabled || readonly };
  return (
    <div id={id} data-value={Array.isArray(value) ? value.join(',') : (value ?? '')}>
      {field.range ? (
        <Slider {...common} range value={Array.isArray(value) ? (value as [number, number]) : [min, min]} onChange={(v) => onChange(v)} />
      ) : (
        <Slider {...common} value={typeof value === 'number' ? value : min} onChange={(v) => onChange(v)} />
      )}
    </div>
  );
}
export default memoWidget(SliderWidget);
