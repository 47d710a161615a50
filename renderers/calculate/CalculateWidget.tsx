import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useEffect } from 'react';
import type { FieldConfig } from '../../schemas/field';
import type { FormulaToken } from '../../src/engine/formula';
import { memoWidget } from '../_shared/memoWidget';
import type { FormMode } from '../_shared/types';
import { useCalculated } from '../_shared/useCalculated';
import { useWidgetWord } from '../_shared/words';

/**
 * calculate, as an rjsf widget (stored: emits each new result) or a display (not stored): a read-only box showing the
 * result with `precision` decimals (and thousands separators when set); 公式错误 for an invalid expression.
 */
function CalculateWidget(props: Partial<WidgetProps> & { field?: FieldConfig; mode?: FormMode }) {
  const w = useWidgetWord();
  const field = (props.field ?? (props.options?.field as FieldConfig | undefined))!;
  const precision = typeof field.precision === 'number' ? field.precision : undefined;
  const expression = (Array.isArray(field.expression) ? field.expression : []) as FormulaToken[];
  const result = useCalculated(expression, precision);
  const { onChange, value } = props;
  useEffect(() => {
    if (onChange && result !== null && value !== result) onChange(result);
  }, [onChange, result, value]);
  const text =
    result === null
      ? ''
      : field.thousands
        ? result.toLocaleString('en-US', { minimumFractionDigits: precision ?? 0, maximumFractionDigits: precision ?? 10 })
        : precision !== undefined
          ? result.toFixed(precision)
          : String(result);
  return <Input id={props.id} value={text} readOnly placeholder={result === null && expression.length ? w('formulaError') : ''} />;
}
export default memoWidget(CalculateWidget);
