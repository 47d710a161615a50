import { defineRenderer } from '../../src/engine/renderer';
import { containerScaffold } from '../_shared/containerDef';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';

/** card: a titled card around its children (layout container). Props: `header`, `shadow` always|hover|never. */
export default defineRenderer({
  kdKey: 'card',
  label: '卡片容器',
  icon: 'CreditCardOutlined',
  group: 'layout',
  container: true,
  scaffold: containerScaffold('card', '卡片容器', 'el-card', [], {}, { header: '卡片容器', shadow: 'never' }),
  inspector: inspectorOf({ header: { type: 'string', title: '卡片标题' }, shadow: { type: 'string', title: '阴影', enum: ['always', 'hover', 'never'] } }),
  ...storesNothing,
  component: () => import('./CardContainer'),
});
