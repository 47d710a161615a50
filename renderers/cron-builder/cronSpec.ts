import { Cron } from 'croner';

/**
 * The cron builder's model (issue 23 item 6): the kinds of schedule the builder writes, each as a six-field croner
 * expression with seconds first (`sec min hour day month weekday`, as the scheduler reads it, server/src/modules/
 * scheduler/cron.ts), and the reading of an expression back into a kind (anything else is `custom`).
 * - `minutes` every N minutes (1–59): `0 *\/N * * * *` (N = 1: `0 * * * * *`);
 * - `hourly` at minute M: `0 M * * * *`;
 * - `daily` at H:M: `0 M H * * *`;
 * - `weekly` on weekdays D (0 Sunday … 6 Saturday, at least one) at H:M: `0 M H * * D,D…`;
 * - `monthly` on day D (1–31; months without it are skipped, as croner does) at H:M: `0 M H D * *`;
 * - `custom`: the text as typed.
 */
export type CronSpec =
  | { kind: 'minutes'; every: number }
  | { kind: 'hourly'; minute: number }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; days: number[]; hour: number; minute: number }
  | { kind: 'monthly'; day: number; hour: number; minute: number }
  | { kind: 'custom' };

/** The kinds in the builder's order. */
export const CRON_KINDS = ['minutes', 'hourly', 'daily', 'weekly', 'monthly', 'custom'] as const;
/** A kind of schedule. */
export type CronKind = (typeof CRON_KINDS)[number];

const num = (s: string, min: number, max: number): number | null => {
  if (!/^\d{1,2}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};

/** The kind and parts of `expr` when it is one the builder writes (extra spaces allowed), else `{ kind: 'custom' }`. */
export function readCron(expr: string): CronSpec {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 6 || f[0] !== '0' || f[4] !== '*') return { kind: 'custom' };
  const [, mi, h, d, , w] = f;
  if (h === '*' && d === '*' && w === '*') {
    if (mi === '*') return { kind: 'minutes', every: 1 };
    const every = mi.startsWith('*/') ? num(mi.slice(2), 1, 59) : null;
    if (every !== null) return { kind: 'minutes', every };
    const minute = num(mi, 0, 59);
    return minute === null ? { kind: 'custom' } : { kind: 'hourly', minute };
  }
  const minute = num(mi, 0, 59);
  const hour = num(h, 0, 23);
  if (minute === null || hour === null) return { kind: 'custom' };
  if (d === '*' && w === '*') return { kind: 'daily', hour, minute };
  if (d === '*') {
    const days = w.split(',').map((x) => num(x, 0, 6));
    if (days.some((x) => x === null) || new Set(days).size !== days.length) return { kind: 'custom' };
    return { kind: 'weekly', days: (days as number[]).sort((a, b) => a - b), hour, minute };
  }
  const day = w === '*' ? num(d, 1, 31) : null;
  return day === null ? { kind: 'custom' } : { kind: 'monthly', day, hour, minute };
}

/** The expression of a (non-custom) spec; `custom` answers null (the text is the user's). */
export function writeCron(s: CronSpec): string | null {
  switch (s.kind) {
    case 'minutes':
      return s.every <= 1 ? '0 * * * * *' : `0 */${s.every} * * * *`;
    case 'hourly':
      return `0 ${s.minute} * * * *`;
    case 'daily':
      return `0 ${s.minute} ${s.hour} * * *`;
    case 'weekly':
      return `0 ${s.minute} ${s.hour} * * ${[...new Set(s.days)].sort((a, b) => a - b).join(',') || '1'}`;
    case 'monthly':
      return `0 ${s.minute} ${s.hour} ${s.day} * *`;
    default:
      return null;
  }
}

/** The spec of `kind` carrying over what `from` has (time of day, minute), with the builder's defaults otherwise. */
export function specOf(kind: CronKind, from: CronSpec): CronSpec {
  const hour = 'hour' in from ? from.hour : 2;
  const minute = 'minute' in from ? from.minute : 0;
  switch (kind) {
    case 'minutes':
      return { kind, every: from.kind === 'minutes' ? from.every : 5 };
    case 'hourly':
      return { kind, minute };
    case 'daily':
      return { kind, hour, minute };
    case 'weekly':
      return { kind, days: from.kind === 'weekly' ? from.days : [1], hour, minute };
    case 'monthly':
      return { kind, day: from.kind === 'monthly' ? from.day : 1, hour, minute };
    default:
      return { kind: 'custom' };
  }
}

/** What the preview shows: the next run times, or why there are none. */
export type CronPreview = { ok: true; runs: Date[] } | { ok: false; reason: 'invalid' | 'never' };

/** The window runs must fall in (epoch ms, as the task's startTime/endTime; none = unbounded). */
export interface CronWindow {
  start?: number | null;
  end?: number | null;
}

/**
 * The next `count` runs of `expr` after `now` within `window` (croner, in this browser's time zone: the builder's
 * fallback when the server's GET /api/scheduletask/NextRuns cannot be reached; it also checks the text at once), or `invalid` when croner refuses the expression as the server does (cron.ts parseCron: empty, over
 * 200 characters or unparsable), or `never` when it has no run in the window (the server's noRun refusal).
 */
export function previewCron(expr: string, count = 5, now = new Date(), window: CronWindow = {}): CronPreview {
  const text = typeof expr === 'string' ? expr.trim() : '';
  if (!text || text.length > 200) return { ok: false, reason: 'invalid' };
  let job: Cron;
  try {
    job = new Cron(text, { paused: true });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const from = window.start && window.start > now.getTime() ? new Date(window.start - 1) : now;
  const runs = job.nextRuns(count, from).filter((d) => !window.end || d.getTime() <= window.end);
  return runs.length ? { ok: true, runs } : { ok: false, reason: 'never' };
}

/** This browser's IANA time zone (e.g. Asia/Shanghai). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The wall-clock time of instant `d` in IANA zone `zone` → `{ text: 'YYYY-MM-DD HH:mm:ss', weekday: 0 (Sunday)…6 }`,
 * read with Intl (the zone of the server's scheduler may differ from the browser's). An unknown zone reads as UTC.
 */
export function zonedTime(d: Date, zone: string): { text: string; weekday: number } {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short' });
  } catch {
    return zonedTime(d, 'UTC');
  }
  const p = Object.fromEntries(fmt.formatToParts(d).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday ?? '');
  return { text: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`, weekday };
}
