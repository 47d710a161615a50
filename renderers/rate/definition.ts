import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** rate: star rating (spec 001 §3). Value: number 0..max (default 5), whole stars or halves with `allow-half`. */
export default defineRenderer({
  kdKey: 'rate',
  label: '评分',
  icon: 'StarOutlined',
  group: 'basic',
  scaffold: scaffoldOf('rate', '评分', 'el-rate', { defaultValue: 0 }, { max: 5, 'allow-half': false, 'show-text': false, 'show-score': false, disabled: false }),
  inspector: inspectorOf({
    max: { type: 'integer', title: '最大值', minimum: 1, maximum: 10 },
    'allow-half': { type: 'boolean', title: '允许半选' },
    'show-score': { type: 'boolean', title: '显示分数' },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: (field) => ({ type: 'number', minimum: 0, maximum: typeof field.max === 'number' ? field.max : 5, multipleOf: field['allow-half'] ? 0.5 : 1 }),
  toColumn: (field) => baseColumn(field, { type: 'numericColumn' }),
  component: () => import('./RateWidget'),
});
