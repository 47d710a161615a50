import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { fieldOf, toDayjsFormat } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

/** rjsf widget for dateRange: antd RangePicker; value `[startMs, endMs]` (days start at 00:00), cleared -> undefined. */
function DateRangeWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const showTime = field.type === 'datetimerange';
  const format = toDayjsFormat(field.format, showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  const v = Array.isArray(value) && value.length === 2 ? ([dayjs(value[0]), dayjs(value[1])] as [dayjs.Dayjs, dayjs.Dayjs]) : null;
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={v}
      format={format}
      showTime={showTime}
      disabled={disabled}
      inputReadOnly={readonly}
      open={readonly ? false : undefined}
      allowClear={field.clearable !== false && !readonly}
      placeholder={[String(field['start-placeholder'] ?? w('startDate')), String(field['end-placeholder'] ?? w('endDate'))]}
      onChange={(d) => onChange(d?.[0] && d[1] ? (showTime ? [d[0].valueOf(), d[1].valueOf()] : [d[0].startOf('day').valueOf(), d[1].startOf('day').valueOf()]) : undefined)}
    />
  );
}
export default memoWidget(DateRangeWidget);
