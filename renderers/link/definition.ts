import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** link: a hyperlink (display only). `href` limited to http, https, mailto, tel or relative paths (spec 001 §9). */
export default defineRenderer({
  kdKey: 'link',
  label: '链接',
  icon: 'LinkOutlined',
  group: 'display',
  scaffold: scaffoldOf('link', '链接', 'JNPFLink', { showLabel: false }, { content: '文本链接', href: '', target: '_self', textStyle: { color: '#1890ff', 'font-size': '12px', 'text-align': 'left' } }, false),
  inspector: inspectorOf({
    content: { type: 'string', title: '显示文字' },
    href: { type: 'string', title: '链接地址', pattern: '^(?:https?:|mailto:|tel:|/|\\.|#|$)' },
    target: { type: 'string', title: '打开方式', enum: ['_self', '_blank'] },
  }),
  ...storesNothing,
  component: () => import('./LinkDisplay'),
});
