import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';

/** switch: on/off (spec 001 §3). Value: boolean; `activeTxt`/`inactiveTxt` label the states; lists show 是/否. */
export default defineRenderer({
  kdKey: 'switch',
  label: '开关',
  icon: 'SwapOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'switch', label: '开关', tag: 'el-switch', required: false, regList: [], span: 24, layout: 'colFormItem', defaultValue: false },
    __vModel__: '',
    activeTxt: '开',
    inactiveTxt: '关',
    disabled: false,
  },
  inspector: inspectorOf({
    activeTxt: { type: 'string', title: '开启提示' },
    inactiveTxt: { type: 'string', title: '关闭提示' },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: () => ({ type: 'boolean' }),
  toColumn: (field) => baseColumn(field, { valueFormatter: (p) => (p.value === true || p.value === 1 ? '是' : p.value === false || p.value === 0 ? '否' : '') }),
  component: () => import('./SwitchWidget'),
});
