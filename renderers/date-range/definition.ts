import dayjs from 'dayjs';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn, rangeSchema, toDayjsFormat } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** dateRange: a start and an end date (legacy JNPF widget). Value: `[startMs, endMs]`, start before end. */
export default defineRenderer({
  kdKey: 'dateRange',
  label: '日期范围',
  icon: 'CalendarOutlined',
  group: 'basic',
  scaffold: scaffoldOf('dateRange', '日期范围', 'el-date-picker', { defaultValue: null }, {
    type: 'daterange',
    format: 'yyyy-MM-dd',
    'value-format': 'timestamp',
    clearable: true,
    readonly: false,
    disabled: false,
  }),
  inspector: inspectorOf(commonProps, {
    type: { type: 'string', title: '时间类型', enum: ['daterange', 'datetimerange'] },
    format: { type: 'string', title: '时间格式' },
    'start-placeholder': { type: 'string', title: '开始占位' },
    'end-placeholder': { type: 'string', title: '结束占位' },
  }),
  toSchema: () => rangeSchema({ type: 'integer' }),
  toColumn: (field) => {
    const fmt = toDayjsFormat(field.format);
    return baseColumn(field, {
      valueFormatter: (p) => (Array.isArray(p.value) && p.value.length === 2 ? `${dayjs(p.value[0]).format(fmt)} 至 ${dayjs(p.value[1]).format(fmt)}` : ''),
    });
  },
  component: () => import('./DateRangeWidget'),
});
