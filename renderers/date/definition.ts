import dayjs from 'dayjs';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn, toDayjsFormat } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';

/**
 * date: date or date-time picker (spec 001 §3). Value: a millisecond timestamp (integer), JNPF `value-format: timestamp`.
 * `format` (JNPF tokens, e.g. `yyyy-MM-dd`) controls display in the form and in lists; `type` date|datetime|month|year|week.
 */
export default defineRenderer({
  kdKey: 'date',
  label: '日期选择',
  icon: 'CalendarOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'date', label: '日期选择', tag: 'el-date-picker', required: false, regList: [], span: 24, layout: 'colFormItem', defaultValue: null },
    __vModel__: '',
    type: 'date',
    format: 'yyyy-MM-dd',
    'value-format': 'timestamp',
    clearable: true,
    readonly: false,
    disabled: false,
  },
  inspector: inspectorOf(commonProps, {
    type: { type: 'string', title: '时间类型', enum: ['date', 'datetime', 'week', 'month', 'year'] },
    format: { type: 'string', title: '时间格式', examples: ['yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM', 'yyyy'] },
  }),
  toSchema: () => ({ type: 'integer' }),
  toColumn: (field) => {
    const fmt = toDayjsFormat(field.format);
    return baseColumn(field, { valueFormatter: (p) => (typeof p.value === 'number' ? dayjs(p.value).format(fmt) : '') });
  },
  component: () => import('./DateWidget'),
});
