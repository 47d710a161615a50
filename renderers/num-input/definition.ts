import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';

/**
 * numInput: number input (spec 001 §3). Value: number within [min, max]; `precision` limits the decimals (0 makes it an
 * integer): the compiled schema refuses more on client and server (compile.ts `x-precision`), and KdForm rounds the
 * value as the user types (bindStore.ts).
 */
export default defineRenderer({
  kdKey: 'numInput',
  label: '数字输入',
  icon: 'NumberOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'numInput', label: '数字输入', tag: 'el-input-number', required: false, regList: [], span: 24, layout: 'colFormItem' },
    __vModel__: '',
    min: null,
    max: null,
    step: 1,
    precision: null,
    'controls-position': '',
    disabled: false,
  },
  inspector: inspectorOf(commonProps, {
    min: { type: ['number', 'null'], title: '最小值' },
    max: { type: ['number', 'null'], title: '最大值' },
    step: { type: 'number', title: '步长', exclusiveMinimum: 0 },
    precision: { type: ['integer', 'null'], title: '精度（小数位）', minimum: 0, maximum: 10 },
  }),
  toSchema: (field) => ({
    type: field.precision === 0 ? 'integer' : 'number',
    ...(typeof field.min === 'number' ? { minimum: field.min } : {}),
    ...(typeof field.max === 'number' ? { maximum: field.max } : {}),
  }),
  toColumn: (field) =>
    baseColumn(field, {
      type: 'numericColumn',
      valueFormatter: (p) => (typeof p.value === 'number' && typeof field.precision === 'number' ? p.value.toFixed(field.precision) : (p.value ?? '')),
    }),
  component: () => import('./NumInput'),
});
