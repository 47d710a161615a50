import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * reportView: a data report's viewer (issue 16 item 2; `POST /api/datareport/Data/{id}/Preview`): the report id comes
 * from the form's record (`idField`, default `id`); a parameter form, the rows in ag-grid with group subtotal rows and
 * the grand total, the chart (echarts, renderers/_shared/EChart), paging and an Excel export. Stores nothing; works in
 * edit and read-only forms, inert on the designer's canvas. The type-5 menu page shows the same viewer (ReportViewer).
 */
export default defineRenderer({
  kdKey: 'reportView',
  label: '报表预览',
  icon: 'LineChartOutlined',
  group: 'display',
  scaffold: scaffoldOf('reportView', '报表预览', 'KdReportView', {}, { idField: 'id' }, false),
  inspector: inspectorOf({ idField: { type: 'string', title: '报表 ID 字段' } }),
  ...storesNothing,
  component: () => import('./ReportView'),
});
