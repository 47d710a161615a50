import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** text: a static paragraph (JNPF `JNPFText`); display only, stores nothing. Props: `content`, `textStyle`. */
export default defineRenderer({
  kdKey: 'text',
  label: '文本',
  icon: 'FontSizeOutlined',
  group: 'display',
  scaffold: scaffoldOf('text', '文本', 'JNPFText', { showLabel: false }, { content: '这是一段文字', textStyle: { color: '#000000', 'font-size': '12px', 'font-weight': 'normal', 'text-align': 'left' } }, false),
  inspector: inspectorOf({
    content: { type: 'string', title: '文本内容' },
    textStyle: { type: 'object', title: '样式', properties: { color: { type: 'string', title: '颜色' }, 'font-size': { type: 'string', title: '字号' }, 'font-weight': { type: 'string', enum: ['normal', 'bold'] }, 'text-align': { type: 'string', enum: ['left', 'center', 'right'] } } },
  }),
  ...storesNothing,
  component: () => import('./TextDisplay'),
});
