import { defineRenderer } from '../../src/engine/renderer';
import { containerScaffold } from '../_shared/containerDef';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';

/** collapse: folding panels, items `{title, name, __config__: {children}}`; `__config__.active` lists the open ones. */
export default defineRenderer({
  kdKey: 'collapse',
  label: '折叠面板',
  icon: 'MenuFoldOutlined',
  group: 'layout',
  container: true,
  scaffold: containerScaffold(
    'collapse',
    '折叠面板',
    'el-collapse',
    [
      { title: '面板1', name: '1', __config__: { children: [] } },
      { title: '面板2', name: '2', __config__: { children: [] } },
    ],
    { active: ['1'] },
    { accordion: false },
  ),
  inspector: inspectorOf({ accordion: { type: 'boolean', title: '手风琴模式' } }),
  ...storesNothing,
  component: () => import('./CollapseContainer'),
});
