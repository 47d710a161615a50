import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** groupTitle: a section heading inside a form (layout group, display only). Props: `content`, `content-position`. */
export default defineRenderer({
  kdKey: 'groupTitle',
  label: '分组标题',
  icon: 'BorderTopOutlined',
  group: 'layout',
  scaffold: scaffoldOf('groupTitle', '分组标题', 'groupTitle', { showLabel: false }, { content: '分组标题', 'content-position': 'left' }, false),
  inspector: inspectorOf({ content: { type: 'string', title: '标题' }, 'content-position': { type: 'string', title: '位置', enum: ['left', 'center', 'right'] } }),
  ...storesNothing,
  component: () => import('./GroupTitleDisplay'),
});
