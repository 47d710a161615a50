import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn, rangeSchema } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';
import { TIME_PATTERN } from '../time/definition';

/** timeRange: start and end times (spec 001 §5 time range: start earlier than end). Value: `['HH:mm:ss', 'HH:mm:ss']`. */
export default defineRenderer({
  kdKey: 'timeRange',
  label: '时间范围',
  icon: 'FieldTimeOutlined',
  group: 'basic',
  scaffold: scaffoldOf('timeRange', '时间范围', 'el-time-picker', { defaultValue: null }, {
    'is-range': true,
    format: 'HH:mm:ss',
    'value-format': 'HH:mm:ss',
    clearable: true,
    readonly: false,
    disabled: false,
  }),
  inspector: inspectorOf(commonProps, { format: { type: 'string', title: '时间格式', enum: ['HH:mm:ss', 'HH:mm'] } }),
  toSchema: () => rangeSchema({ type: 'string', pattern: TIME_PATTERN }),
  toColumn: (field) => baseColumn(field, { valueFormatter: (p) => (Array.isArray(p.value) ? p.value.join(' 至 ') : '') }),
  component: () => import('./TimeRangeWidget'),
});
