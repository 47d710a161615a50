import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { isSwitchOn, switchSchema } from './values';

/**
 * switch: on/off (spec 001 §3). Value: the field's JNPF `active-value` / `inactive-value` (any string or number; JNPF
 * writes 1/0), else boolean (values.ts); `activeTxt`/`inactiveTxt` label the states; lists show 是/否.
 */
export default defineRenderer({
  kdKey: 'switch',
  label: '开关',
  icon: 'SwapOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'switch', label: '开关', tag: 'el-switch', required: false, regList: [], span: 24, layout: 'colFormItem', defaultValue: false },
    __vModel__: '',
    disabled: false,
  },
  inspector: inspectorOf({
    activeTxt: { type: 'string', title: '开启提示' },
    inactiveTxt: { type: 'string', title: '关闭提示' },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: (field) => switchSchema(field as Record<string, unknown>),
  toColumn: (field) => baseColumn(field, { valueFormatter: (p) => (p.value === null || p.value === undefined || p.value === '' ? '' : isSwitchOn(field as Record<string, unknown>, p.value) ? '是' : '否') }),
  component: () => import('./SwitchWidget'),
});
