import type { WidgetProps } from '@rjsf/utils';
import { TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { fieldOf } from '../_shared/fieldProps';
import { memoWidget } from '../_shared/memoWidget';
import { useWidgetWord } from '../_shared/words';

dayjs.extend(customParseFormat);

/** rjsf widget for time: antd TimePicker; value is the time as a `format` string (`HH:mm:ss`), cleared -> undefined. */
function TimeWidget({ id, value, disabled, readonly, placeholder, onChange, options }: WidgetProps) {
  const w = useWidgetWord();
  const field = fieldOf(options);
  const format = typeof field.format === 'string' && field.format ? field.format : 'HH:mm:ss';
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'string' && value ? dayjs(value, format) : null}
      format={format}
      disabled={disabled}
      inputReadOnly={readonly}
      open={readonly ? false : undefined}
      allowClear={field.clearable !== false && !readonly}
      placeholder={placeholder || (field.placeholder as string | undefined) || w('select')}
      onChange={(d) => onChange(d ? d.format(format) : undefined)}
    />
  );
}
export default memoWidget(TimeWidget);
