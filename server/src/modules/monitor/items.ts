import type { Lang } from '../../i18n';
import type { PoolUse } from '../../plugins/db';
import type { RequestWindow } from '../metrics/window';
import type { monitorSnapshot } from './stats';

/** The snapshot of GET /api/system/Monitor: stats.ts plus the pool, the last minute's requests and the last backup (routes.ts). */
type Snapshot = Awaited<ReturnType<typeof monitorSnapshot>> & {
  database: { pool: PoolUse };
  requests: ReturnType<RequestWindow['read']>;
  backup: { last: string | null; ageSeconds: number | null; age: string };
};

/** Row names in each language: [zh, tw, en, mas]. */
const NAMES: Record<string, [string, string, string, string]> = {
  system: ['系统', '系統', 'System', 'Sistem'],
  os: ['操作系统', '作業系統', 'Operating system', 'Sistem pengendalian'],
  ip: ['IP 地址', 'IP 位址', 'IP address', 'Alamat IP'],
  day: ['运行时间', '執行時間', 'Uptime', 'Masa operasi'],
  cpu: ['CPU', 'CPU', 'CPU', 'CPU'],
  name: ['型号', '型號', 'Model', 'Model'],
  packageName: ['物理 CPU', '實體 CPU', 'Physical CPUs', 'CPU fizikal'],
  core: ['物理核心', '實體核心', 'Physical cores', 'Teras fizikal'],
  logic: ['逻辑 CPU', '邏輯 CPU', 'Logical CPUs', 'CPU logik'],
  used: ['使用率 (%)', '使用率 (%)', 'Usage (%)', 'Penggunaan (%)'],
  memory: ['内存', '記憶體', 'Memory', 'Memori'],
  disk: ['磁盘（数据目录）', '磁碟（資料目錄）', 'Disk (data folder)', 'Cakera (folder data)'],
  total: ['总量', '總量', 'Total', 'Jumlah'],
  available: ['可用', '可用', 'Available', 'Tersedia'],
  usedBytes: ['已用', '已用', 'Used', 'Digunakan'],
  usageRate: ['使用率 (%)', '使用率 (%)', 'Usage (%)', 'Penggunaan (%)'],
  eventLoop: ['事件循环延迟 (ms)', '事件迴圈延遲 (ms)', 'Event-loop delay (ms)', 'Kelewatan gelung peristiwa (ms)'],
  p99: ['P99', 'P99', 'P99', 'P99'],
  p50: ['P50', 'P50', 'P50', 'P50'],
  max: ['最大', '最大', 'Max', 'Maksimum'],
  database: ['数据库', '資料庫', 'Database', 'Pangkalan data'],
  engine: ['类型', '類型', 'Engine', 'Enjin'],
  size: ['大小', '大小', 'Size', 'Saiz'],
  process: ['服务进程', '服務行程', 'Server process', 'Proses pelayan'],
  pid: ['进程号', '行程號', 'PID', 'PID'],
  node: ['Node.js', 'Node.js', 'Node.js', 'Node.js'],
  uptime: ['运行时间', '執行時間', 'Uptime', 'Masa operasi'],
  rss: ['常驻内存', '常駐記憶體', 'Resident memory', 'Memori pemastautin'],
  poolInUse: ['连接使用中', '連線使用中', 'Connections in use', 'Sambungan digunakan'],
  poolWaiting: ['等待连接', '等待連線', 'Waiting for a connection', 'Menunggu sambungan'],
  requests: ['请求（最近一分钟）', '請求（最近一分鐘）', 'Requests (last minute)', 'Permintaan (minit terakhir)'],
  perSecond: ['每秒请求数', '每秒請求數', 'Requests per second', 'Permintaan sesaat'],
  errorRate: ['错误率 (%)', '錯誤率 (%)', 'Error rate (%)', 'Kadar ralat (%)'],
  backup: ['数据备份', '資料備份', 'Backup', 'Sandaran'],
  last: ['最近备份', '最近備份', 'Last backup', 'Sandaran terakhir'],
  age: ['距今', '距今', 'Age', 'Umur'],
};

const col = (lang: Lang) => ({ zh: 0, tw: 1, en: 2, mas: 3 })[lang] ?? 0;

/**
 * The monitor snapshot as rows for the 系统监控 page's read-only table: `[{ id, group, name, value }]` in `lang`
 * (`id` = `<group>.<key>`); `uptime` strings stay as the snapshot gives them.
 */
export function monitorRows(s: Snapshot, lang: Lang): Array<{ id: string; group: string; name: string; value: string }> {
  const n = (k: string) => NAMES[k]?.[col(lang)] ?? k;
  const rows: Array<{ id: string; group: string; name: string; value: string }> = [];
  const add = (group: string, key: string, value: unknown, label = key) => rows.push({ id: `${group}.${key}`, group: n(group), name: n(label), value: String(value ?? '') });
  add('system', 'os', s.system.os);
  add('system', 'ip', s.system.ip);
  add('system', 'day', s.system.day);
  for (const k of ['name', 'packageName', 'core', 'logic', 'used'] as const) add('cpu', k, s.cpu[k]);
  for (const g of ['memory', 'disk'] as const) {
    add(g, 'total', s[g].total);
    add(g, 'available', s[g].available);
    add(g, 'used', s[g].used, 'usedBytes');
    add(g, 'usageRate', s[g].usageRate);
  }
  for (const k of ['p50', 'p99', 'max'] as const) add('eventLoop', k, s.eventLoop[k]);
  add('database', 'engine', s.database.engine);
  add('database', 'size', s.database.size);
  add('database', 'poolInUse', `${s.database.pool.inUse} / ${s.database.pool.size}`);
  add('database', 'poolWaiting', s.database.pool.waiting);
  add('requests', 'perSecond', s.requests.perSecond);
  add('requests', 'errorRate', Math.round(s.requests.errorRate * 10_000) / 100);
  add('backup', 'last', s.backup.last ?? '—');
  add('backup', 'age', s.backup.age || '—');
  for (const k of ['pid', 'node', 'uptime', 'rss'] as const) add('process', k, s.process[k]);
  return rows;
}
