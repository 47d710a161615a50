import type { JSONSchema7 } from 'json-schema';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** slider: a number on a scale (spec 001 §3). Value: number in [min, max]; with `range` a `[low, high]` pair. */
export default defineRenderer({
  kdKey: 'slider',
  label: '滑块',
  icon: 'SlidersOutlined',
  group: 'basic',
  scaffold: scaffoldOf('slider', '滑块', 'el-slider', { defaultValue: null }, { min: 0, max: 100, step: 1, range: false, 'show-stops': false, disabled: false }),
  inspector: inspectorOf({
    min: { type: 'number', title: '最小值' },
    max: { type: 'number', title: '最大值' },
    step: { type: 'number', title: '步长', exclusiveMinimum: 0 },
    range: { type: 'boolean', title: '范围选择' },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: (field) => {
    const one: JSONSchema7 = { type: 'number', minimum: typeof field.min === 'number' ? field.min : 0, maximum: typeof field.max === 'number' ? field.max : 100 };
    return field.range ? { type: 'array', items: one, minItems: 2, maxItems: 2 } : one;
  },
  toColumn: (field) => baseColumn(field, { valueFormatter: (p) => (Array.isArray(p.value) ? p.value.join(' ~ ') : (p.value ?? '')) }),
  component: () => import('./SliderWidget'),
});
