import type { WidgetProps } from '@rjsf/utils';
import { TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

dayjs.extend(customParseFormat);

/** rjsf widget for timeRange: antd TimePicker.RangePicker; value `[start, end]` strings in `format`, cleared -> undefined. */
function TimeRangeWidget({ id, value, disabled, readonly, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const format = typeof field.format === 'string' && field.format ? field.format : 'HH:mm:ss';
  const v = Array.isArray(value) && value.length === 2 ? ([dayjs(value[0], format), dayjs(value[1], format)] as [dayjs.Dayjs, dayjs.Dayjs]) : null;
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={v}
      format={format}
      order={false}
      disabled={disabled}
      inputReadOnly={readonly}
      open={readonly ? false : undefined}
      allowClear={field.clearable !== false && !readonly}
      placeholder={[String(field['start-placeholder'] ?? w('startTime')), String(field['end-placeholder'] ?? w('endTime'))]}
      onChange={(d) => onChange(d?.[0] && d[1] ? [d[0].format(format), d[1].format(format)] : undefined)}
    />
  );
}
export default memoWidget(TimeRangeWidget);
