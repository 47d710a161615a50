/**
 * The monitor charts' data (issue 23 item 6, 系统监控 with live charts): one point per poll of GET /api/system/Monitor,
 * kept in this browser for the chart window, per monitor path (so a page opened again shows what it already saw).
 */

/** One sample: `t` epoch ms; `cpu` and `memory` in % (0–100); `loopP99` event-loop delay p99 in ms; `rps` requests/s. */
export interface MonitorPoint {
  t: number;
  cpu: number;
  memory: number;
  loopP99: number;
  rps: number;
}

/** The series a chart shows. */
export const SERIES = ['cpu', 'memory', 'loopP99', 'rps'] as const;
/** A series key. */
export type SeriesKey = (typeof SERIES)[number];

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The point of one Monitor answer taken at `t`: `cpu.used`, `memory.usageRate`, `eventLoop.p99`, `requests.perSecond`
 * (a missing figure counts 0).
 */
export function pointOf(snapshot: unknown, t: number): MonitorPoint {
  const s = (snapshot ?? {}) as { cpu?: { used?: unknown }; memory?: { usageRate?: unknown }; eventLoop?: { p99?: unknown }; requests?: { perSecond?: unknown } };
  return { t, cpu: num(s.cpu?.used), memory: num(s.memory?.usageRate), loopP99: num(s.eventLoop?.p99), rps: num(s.requests?.perSecond) };
}

const kept = new Map<string, MonitorPoint[]>();

/** The points kept for `path` (oldest first). */
export function historyOf(path: string): MonitorPoint[] {
  return kept.get(path) ?? [];
}

/** Adds `p` to `path`'s points and drops those older than `windowMs` before it → the new list (a new array). */
export function remember(path: string, p: MonitorPoint, windowMs: number): MonitorPoint[] {
  const list = [...historyOf(path), p].filter((x) => x.t >= p.t - windowMs);
  kept.set(path, list);
  return list;
}

/** Forgets every kept point (tests). */
export function forgetHistory(): void {
  kept.clear();
}
