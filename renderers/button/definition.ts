import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** button: a form button (display only; custom click scripts of JNPF are not run). Props: `buttonText`, `align`, `type`. */
export default defineRenderer({
  kdKey: 'button',
  label: '按钮',
  icon: 'AppstoreAddOutlined',
  group: 'display',
  scaffold: scaffoldOf('button', '按钮', 'JNPFButton', { showLabel: false }, { align: 'left', type: 'primary', disabled: false }, false),
  inspector: inspectorOf({
    buttonText: { type: 'string', title: '按钮文字' },
    align: { type: 'string', title: '位置', enum: ['left', 'center', 'right'] },
    type: { type: 'string', title: '样式', enum: ['primary', 'default', 'dashed', 'link', 'text'] },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  ...storesNothing,
  component: () => import('./ButtonDisplay'),
});
