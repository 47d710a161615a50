import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { exactNumber, isDecimalText } from '../../src/engine/exactNumber';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/**
 * What the input hands the form: a number, or — for a value no JavaScript number holds exactly (a bound bigint or
 * numeric column beyond 2^53, src/engine/exactNumber.ts) — its decimal text; empty or unfinished input → undefined.
 */
function wireOf(v: string | number | null): number | string | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
  return typeof v === 'string' ? (exactNumber(v) ?? undefined) : undefined;
}

/**
 * rjsf widget for numInput: antd InputNumber bounded by min/max, rounded to `precision`; empty -> undefined. It works
 * on the digits (stringMode), so a value beyond 2^53 given or typed as decimal text keeps every digit.
 */
function NumInput({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return (
    <InputNumber<string | number>
      id={id}
      style={{ width: '100%' }}
      stringMode
      value={typeof value === 'number' || isDecimalText(value) ? value : null}
      disabled={disabled}
      readOnly={readonly}
      min={num(field.min)}
      max={num(field.max)}
      step={num(field.step) ?? 1}
      precision={num(field.precision)}
      placeholder={placeholder || ((field.placeholder as string | undefined) ?? w('input'))}
      onChange={(v) => onChange(wireOf(v))}
      onBlur={() => onBlur(id, value)}
    />
  );
}
export default memoWidget(NumInput);
