import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** Pattern of a stored time: `HH:mm` or `HH:mm:ss` (24 h). */
export const TIME_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?$';

/** time: time of day (spec 001 §3). Value: string in `value-format` (default `HH:mm:ss`). */
export default defineRenderer({
  kdKey: 'time',
  label: '时间选择',
  icon: 'ClockCircleOutlined',
  group: 'basic',
  scaffold: scaffoldOf('time', '时间选择', 'el-time-picker', { defaultValue: null }, {
    clearable: true,
    format: 'HH:mm:ss',
    'value-format': 'HH:mm:ss',
    readonly: false,
    disabled: false,
  }),
  inspector: inspectorOf(commonProps, { format: { type: 'string', title: '时间格式', enum: ['HH:mm:ss', 'HH:mm'] } }),
  toSchema: () => ({ type: 'string', pattern: TIME_PATTERN }),
  toColumn: (field) => baseColumn(field),
  component: () => import('./TimeWidget'),
});
