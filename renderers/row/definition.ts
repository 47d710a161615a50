import { defineRenderer } from '../../src/engine/renderer';
import { containerScaffold } from '../_shared/containerDef';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';

/** row: a grid row laying out its children by their `span` (layout container; stores nothing itself). */
export default defineRenderer({
  kdKey: 'row',
  label: '栅格容器',
  icon: 'BorderOuterOutlined',
  group: 'layout',
  container: true,
  scaffold: containerScaffold('row', '栅格容器', 'el-row', [], {}, { type: 'default', justify: 'start', align: 'top', gutter: 15 }),
  inspector: inspectorOf({
    justify: { type: 'string', title: '水平排列', enum: ['start', 'end', 'center', 'space-around', 'space-between'] },
    align: { type: 'string', title: '垂直排列', enum: ['top', 'middle', 'bottom'] },
    gutter: { type: 'integer', title: '栅格间隔', minimum: 0, maximum: 48 },
  }),
  ...storesNothing,
  component: () => import('./RowContainer'),
});
