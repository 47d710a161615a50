import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for numInput: antd InputNumber bounded by min/max, rounded to `precision`; empty -> undefined. */
function NumInput({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value : null}
      disabled={disabled}
      readOnly={readonly}
      min={num(field.min)}
      max={num(field.max)}
      step={num(field.step) ?? 1}
      precision={num(field.precision)}
      placeholder={placeholder || ((field.placeholder as string | undefined) ?? w('input'))}
      onChange={(v) => onChange(typeof v === 'number' && !Number.isNaN(v) ? v : undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
export default memoWidget(NumInput);
