import { Cron } from 'croner';

/** One `parameter[]` entry: the interface parameter (or built-in method option) `field` and its `value`. */
export interface TaskParameter {
  field: string;
  value?: unknown;
  defaultValue?: unknown;
}

/**
 * JNPF's executeContent (issue 4 item 4): `cron` (5–7 fields, seconds first when 6+, as croner reads them; `?` allowed),
 * optional `startTime`/`endTime` (epoch ms) bounding the runs, `interfaceId` (executeType 1), `parameter[]` (the
 * interface's parameters, or the method's options), `localHostTaskId` (executeType 3: a TaskMethods id).
 */
export interface ExecuteContent {
  cron: string;
  startTime?: number | null;
  endTime?: number | null;
  interfaceId?: string | null;
  parameter?: TaskParameter[];
  localHostTaskId?: string | null;
}

/** Whether `zone` is an IANA time zone name this runtime knows (e.g. Asia/Shanghai). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA time zone the scheduler reads every cron expression in (issue 23 item 4): KD_SCHEDULER_TZ when it names a
 * known zone (read at each call, so a test can set and restore it), else the server process's own zone
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`, which follows TZ). The client's preview shows runs in this
 * zone, labelled with it (GET /api/scheduletask/NextRuns).
 */
export function schedulerZone(): string {
  const configured = process.env.KD_SCHEDULER_TZ?.trim();
  if (configured && knownZone(configured)) return configured;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The croner job of `cron` in schedulerZone() (paused: it only computes times), or null when the expression is invalid. */
export function parseCron(cron: string): Cron | null {
  if (typeof cron !== 'string' || !cron.trim() || cron.length > 200) return null;
  try {
    return new Cron(cron.trim(), { paused: true, timezone: schedulerZone() });
  } catch {
    return null;
  }
}

/**
 * The first run of `content` strictly after `after` (and not before startTime), or null when there is none before
 * endTime (or the cron is invalid).
 */
export function nextRunAfter(content: ExecuteContent, after: Date): Date | null {
  const job = parseCron(content.cron);
  if (!job) return null;
  const from = content.startTime && content.startTime > after.getTime() ? new Date(content.startTime - 1) : after;
  const next = job.nextRun(from);
  if (!next) return null;
  if (content.endTime && next.getTime() > content.endTime) return null;
  return next;
}

/**
 * The next `count` (1–20) runs of `content` strictly after `after`, within its startTime/endTime, computed exactly as
 * the scheduler computes them (nextRunAfter) → epoch-ms Dates, fewer when the window ends; [] for an invalid cron.
 */
export function nextRuns(content: ExecuteContent, count: number, after: Date): Date[] {
  const runs: Date[] = [];
  let from = after;
  for (let i = 0; i < Math.min(Math.max(count, 1), 20); i++) {
    const next = nextRunAfter(content, from);
    if (!next) break;
    runs.push(next);
    from = next;
  }
  return runs;
}

/** The value of option `field` in `parameter[]` (value, else defaultValue), or undefined. */
export function paramOf(content: ExecuteContent, field: string): unknown {
  const p = content.parameter?.find((x) => x?.field === field);
  return p ? (p.value ?? p.defaultValue) : undefined;
}
