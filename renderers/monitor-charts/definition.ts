import { defineRenderer } from '../../src/engine/renderer';
import { storesNothing } from '../_shared/display';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * monitorCharts (issue 23 items 3 and 6, JNPF `system/monitor` "with live charts"): CPU use (%), memory use (%),
 * event-loop delay p99 (ms) and requests per second of this server instance as four small time-series charts, read
 * from GET `path` (default /api/system/Monitor: `cpu.used`, `memory.usageRate`, `eventLoop.p99`,
 * `requests.perSecond`) every `intervalSeconds` (default 3) while the page is visible, the last `windowMinutes`
 * (default 5) kept in the browser. Display only: stores nothing; used as a page config's `panels` entry or in a form.
 */
export default defineRenderer({
  kdKey: 'monitorCharts',
  label: '监控曲线',
  icon: 'LineChartOutlined',
  group: 'display',
  scaffold: scaffoldOf('monitorCharts', '实时曲线', 'KdMonitorCharts', { showLabel: false }, { path: '/api/system/Monitor', intervalSeconds: 3, windowMinutes: 5 }, false),
  inspector: inspectorOf({
    path: { type: 'string', title: '监控接口', pattern: '^/api/' },
    intervalSeconds: { type: 'integer', title: '刷新间隔（秒）', minimum: 1, maximum: 60 },
    windowMinutes: { type: 'integer', title: '保留时长（分钟）', minimum: 1, maximum: 60 },
  }),
  ...storesNothing,
  component: () => import('./MonitorCharts'),
});
