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

/** The croner job of `cron` (paused: it only computes times), or null when the expression is invalid. */
export function parseCron(cron: string): Cron | null {
  if (typeof cron !== 'string' || !cron.trim() || cron.length > 200) return null;
  try {
    return new Cron(cron.trim(), { paused: true });
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

/** The value of option `field` in `parameter[]` (value, else defaultValue), or undefined. */
export function paramOf(content: ExecuteContent, field: string): unknown {
  const p = content.parameter?.find((x) => x?.field === field);
  return p ? (p.value ?? p.defaultValue) : undefined;
}
