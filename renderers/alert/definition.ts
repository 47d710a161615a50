import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** alert: a notice box (display only). Props: `title`, `type` success|info|warning|error, `description`, `closable`, `show-icon`. */
export default defineRenderer({
  kdKey: 'alert',
  label: '提示',
  icon: 'NotificationOutlined',
  group: 'display',
  scaffold: scaffoldOf('alert', '提示', 'el-alert', { showLabel: false }, { title: '这是一个提示', type: 'success', description: '', closable: true, 'show-icon': false }, false),
  inspector: inspectorOf({
    title: { type: 'string', title: '标题' },
    type: { type: 'string', title: '类型', enum: ['success', 'info', 'warning', 'error'] },
    description: { type: 'string', title: '辅助文字' },
    closable: { type: 'boolean', title: '能否关闭' },
    'show-icon': { type: 'boolean', title: '显示图标' },
  }),
  ...storesNothing,
  component: () => import('./AlertDisplay'),
});
