import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** divider: a horizontal rule with optional text (`__slot__.default`) at `content-position` left|center|right. */
export default defineRenderer({
  kdKey: 'divider',
  label: '分割线',
  icon: 'LineOutlined',
  group: 'display',
  scaffold: scaffoldOf('divider', '分割线', 'el-divider', { showLabel: false }, { 'content-position': 'center', __slot__: { default: '我是分割线' } }, false),
  inspector: inspectorOf({
    __slot__: { type: 'object', properties: { default: { type: 'string', title: '文案' } } },
    'content-position': { type: 'string', title: '文案位置', enum: ['left', 'center', 'right'] },
  }),
  ...storesNothing,
  component: () => import('./DividerDisplay'),
});
