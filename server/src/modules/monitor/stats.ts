import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import si from 'systeminformation';
import type { Db } from '../../db/types';

/** Bytes as JNPF shows them: `15.54 GB` (binary units, two decimals). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i ? 2 : 0)} ${units[i]}`;
}

/** Seconds as `3天4小时5分钟` (JNPF system.day). */
export function formatUptime(sec: number): string {
  const d = Math.floor(sec / 86_400);
  const h = Math.floor((sec % 86_400) / 3_600);
  const m = Math.floor((sec % 3_600) / 60);
  return `${d ? `${d}天` : ''}${d || h ? `${h}小时` : ''}${m}分钟`;
}

const pct = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 10_000) / 100 : 0);

let histogram: IntervalHistogram | null = null;
let resetAt = 0;
/** The event-loop delay window: percentiles cover at most this long (ms) before they restart. */
export const LOOP_WINDOW_MS = 60_000;

/** Event-loop delay since the window began (ms): p50, p99, max, mean. Starts measuring on the first call. */
export function eventLoopDelay(): { p50: number; p99: number; max: number; mean: number; windowMs: number } {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    resetAt = Date.now();
  }
  const h = histogram;
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  const out = { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: Number.isNaN(h.mean) ? 0 : ms(h.mean), windowMs: Date.now() - resetAt };
  if (Date.now() - resetAt > LOOP_WINDOW_MS) {
    h.reset();
    resetAt = Date.now();
  }
  return out;
}

/** The database's size in bytes (pg_database_size), or null when it cannot be read. */
export async function databaseSize(db: Db): Promise<number | null> {
  try {
    const r = await sql<{ n: string }>`select pg_database_size(current_database())::text as n`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  } catch {
    return null;
  }
}

/** What hardly changes (OS, CPU model, default network interface), read at most once a minute. */
let statics: { at: number; value: Promise<[si.Systeminformation.OsData, si.Systeminformation.CpuData, unknown]> } | null = null;
const STATIC_TTL_MS = 60_000;

function staticInfo() {
  if (!statics || Date.now() - statics.at > STATIC_TTL_MS) {
    statics = { at: Date.now(), value: Promise.all([si.osInfo(), si.cpu(), si.networkInterfaces('default').catch(() => null)]) };
  }
  return statics.value;
}

/** The file system holding `path` (the longest mount point that prefixes it) of `list`. */
function fsOf<T extends { mount: string }>(list: T[], path: string): T | undefined {
  return list.filter((f) => path === f.mount || path.startsWith(f.mount.endsWith('/') ? f.mount : `${f.mount}/`)).sort((a, b) => b.mount.length - a.mount.length)[0] ?? list[0];
}

/**
 * GET /api/system/Monitor (issue 23 item 3; JNPF shape), this instance's view: system `{ os, ip, day (uptime) }`, cpu
 * `{ name, packageName, core, coreNumber, logic, used (% busy) }`, memory and disk `{ total, available, used (text
 * like 15.54 GB), usageRate (%) }` (disk: the file system of the data folder `dataDir`), plus `eventLoop` (ms) and
 * `database { engine, size, sizeBytes }`, `process { pid, node, uptime, rss }`. Read through systeminformation (OS,
 * CPU model and network read at most once a minute; the CPU load is the change since the previous call, the first
 * call samples it for about half a second).
 */
export async function monitorSnapshot(db: Db, dataDir: string, engine: string) {
  const [[os, cpu, net], load, mem, fs, dbBytes] = await Promise.all([staticInfo(), si.currentLoad(), si.mem(), si.fsSize().catch(() => []), databaseSize(db)]);
  const iface = (Array.isArray(net) ? net[0] : net) as { ip4?: string; ip6?: string } | null;
  const disk = fsOf(fs, dataDir);
  const memUsed = mem.total - mem.available;
  const diskTotal = disk?.size ?? 0;
  const diskAvail = disk?.available ?? 0;
  return {
    system: { os: `${os.distro} ${os.release} (${os.platform} ${os.arch})`.trim(), ip: iface?.ip4 || iface?.ip6 || '', day: formatUptime(si.time().uptime) },
    cpu: {
      name: `${cpu.manufacturer} ${cpu.brand}`.trim(),
      packageName: `${cpu.processors} 个物理CPU`,
      core: `${cpu.physicalCores} 个物理核心`,
      coreNumber: cpu.physicalCores,
      logic: `${cpu.cores} 个逻辑CPU`,
      used: Math.round(load.currentLoad * 100) / 100,
    },
    memory: { total: formatBytes(mem.total), available: formatBytes(mem.available), used: formatBytes(memUsed), usageRate: pct(memUsed, mem.total) },
    disk: { total: formatBytes(diskTotal), available: formatBytes(diskAvail), used: formatBytes(diskTotal - diskAvail), usageRate: pct(diskTotal - diskAvail, diskTotal) },
    eventLoop: eventLoopDelay(),
    database: { engine, sizeBytes: dbBytes, size: dbBytes === null ? '' : formatBytes(dbBytes) },
    process: { pid: process.pid, node: process.version, uptime: formatUptime(process.uptime()), rss: formatBytes(process.memoryUsage().rss) },
  };
}
