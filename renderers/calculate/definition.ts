import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * calculate: a read-only number computed from `expression[]` (operators + - × ÷, numbers and `{__vModel__, label}`
 * references; `tbl.field` sums a sub-table column), recomputed 500 ms after the last change; NaN becomes 0
 * (spec 001 §4–§5, src/engine/formula.ts). Stored when `__config__.isStorage` is 1: the server recomputes it and
 * ignores the client's value. `precision` rounds, `thousands` groups digits for display.
 */
export default defineRenderer({
  kdKey: 'calculate',
  label: '计算公式',
  icon: 'CalculatorOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('calculate', '计算公式', 'calculate', { isStorage: 1 }, { expression: [], precision: 2, thousands: false, disabled: false }),
  inspector: inspectorOf({
    expression: { type: 'array', title: '计算公式', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'object', required: ['__vModel__'], properties: { __vModel__: { type: 'string' }, label: { type: 'string' } } }] } },
    precision: { type: 'integer', title: '精度', minimum: 0, maximum: 10 },
    thousands: { type: 'boolean', title: '千位分隔' },
    __config__: { type: 'object', properties: { isStorage: { type: 'integer', title: '存储类型', enum: [0, 1] } } },
  }),
  toSchema: (field) => (field.__config__.isStorage ? { type: 'number' } : null),
  toColumn: (field) =>
    field.__config__.isStorage
      ? baseColumn(field, { type: 'numericColumn', valueFormatter: (p) => (typeof p.value === 'number' && typeof field.precision === 'number' ? p.value.toFixed(field.precision) : (p.value ?? '')) })
      : null,
  component: () => import('./CalculateWidget'),
});
