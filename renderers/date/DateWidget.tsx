import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { fieldOf, toDayjsFormat } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

const PICKERS = { week: 'week', month: 'month', year: 'year', quarter: 'quarter' } as const;

/** rjsf widget for date: antd DatePicker; emits a ms timestamp (start of the picked unit), clearing -> undefined. */
function DateWidget({ id, value, disabled, readonly, placeholder, onChange, onBlur, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const type = String(field.type ?? 'date');
  const format = toDayjsFormat(field.format, type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  const showTime = type === 'datetime' || /H/.test(format);
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'number' ? dayjs(value) : null}
      format={format}
      showTime={showTime}
      picker={PICKERS[type as keyof typeof PICKERS] ?? 'date'}
      disabled={disabled}
      inputReadOnly={readonly}
      open={readonly ? false : undefined}
      allowClear={field.clearable !== false && !readonly}
      placeholder={placeholder || (field.placeholder as string | undefined) || w('select')}
      onChange={(d) => onChange(d ? (showTime ? d : d.startOf('day')).valueOf() : undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
export default memoWidget(DateWidget);
