import { defineRenderer } from '../../src/engine/renderer';
import { containerScaffold } from '../_shared/containerDef';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';

/**
 * tab: tabs, each item `{title, name, __config__: {children}}` (jnpf-v3.md §2); `__config__.active` is the open tab.
 * Fields in hidden tabs stay mounted, so their values and errors are kept.
 */
export default defineRenderer({
  kdKey: 'tab',
  label: '标签面板',
  icon: 'FolderOutlined',
  group: 'layout',
  container: true,
  scaffold: containerScaffold(
    'tab',
    '标签面板',
    'el-tab',
    [
      { title: 'Tab 1', name: '1', __config__: { children: [] } },
      { title: 'Tab 2', name: '2', __config__: { children: [] } },
    ],
    { active: '1' },
    { type: '', 'tab-position': 'top' },
  ),
  inspector: inspectorOf({
    type: { type: 'string', title: '风格类型', enum: ['', 'card', 'border-card'] },
    'tab-position': { type: 'string', title: '选项卡位置', enum: ['top', 'left', 'right', 'bottom'] },
  }),
  ...storesNothing,
  component: () => import('./TabContainer'),
});
