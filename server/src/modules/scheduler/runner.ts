import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getInterface } from '../data-interface/repository';
import { runInterface } from '../data-interface/run';
import { redactText } from '../syslog/redact';
import { type ExecuteContent, nextRunAfter } from './cron';
import { taskMethod } from './methods';
import './tables';

/** Options of a Scheduler (tests shorten them). */
export interface SchedulerOptions {
  /** How often due runs are looked for, ms (default POLL_MS). */
  pollMs?: number;
  /** Extra attempts of a failing data-interface run (default 3). */
  retries?: number;
  /** The first retry's wait, ms; doubled each time (default 2,000). */
  backoffMs?: number;
  /** This scheduler's name in the run log (default a random id). */
  instance?: string;
}

/** Default poll interval, ms. */
export const POLL_MS = 2_000;

/** The executeContent JSON of a task, or null when it is unreadable. */
export function contentOf(text: string): ExecuteContent | null {
  try {
    const c = JSON.parse(text) as ExecuteContent;
    return c && typeof c === 'object' && typeof c.cron === 'string' ? c : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * The job scheduler (issue 23 item 4). Every `pollMs` it reads the enabled tasks whose `next_run_time` has come and
 * claims each due run with one atomic statement — `UPDATE schedule_task SET next_run_time = <next>, last_run_time =
 * <due>, run_count = run_count + 1 WHERE id = ? AND next_run_time = <due> RETURNING id` — so that among any number of
 * instances on one database exactly one wins each run (the others' UPDATE matches no row); the run log's unique
 * (task_id, due_time) is a second guard. Missed runs (all instances down) are not replayed: the next time is computed
 * from now. Chosen over pg-boss/graphile-worker: one row per job and one UPDATE per run work the same on PGlite (one
 * process) and PostgreSQL, with no extra schema, worker processes or LISTEN/NOTIFY.
 *
 * A run: executeType 1 runs the data interface `interfaceId` with `parameter[]` (a failure is retried `retries`
 * times, waiting backoffMs, 2×, 4×…); executeType 3 runs the built-in method `localHostTaskId` (methods.ts) once.
 * Start, end, result, attempts and error go to schedule_task_log. Nothing a run does can stop the scheduler.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private readonly runs = new Set<Promise<void>>();
  readonly instance: string;
  private readonly pollMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  /** Runs this scheduler claimed. */
  claimed = 0;

  constructor(
    private readonly app: FastifyInstance,
    opts: SchedulerOptions = {},
  ) {
    this.instance = opts.instance ?? randomUUID().slice(0, 8);
    this.pollMs = opts.pollMs ?? POLL_MS;
    this.retries = opts.retries ?? 3;
    this.backoffMs = opts.backoffMs ?? 2_000;
  }

  /** Starts polling (never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the poll and the runs in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.runs]);
  }

  /** Claims every due run and starts it → how many this call claimed (0 while another poll of this scheduler runs). Never rejects. */
  tick(now = new Date()): Promise<number> {
    if (this.ticking) return Promise.resolve(0);
    this.ticking = this.poll(now).finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async poll(now: Date): Promise<number> {
    let n = 0;
    try {
      const due = await this.app.db
        .selectFrom('schedule_task')
        .select(['id', 'execute_type', 'execute_content', 'next_run_time'])
        .where('enabled_mark', '=', 1)
        .where('next_run_time', '<=', now)
        .orderBy('next_run_time')
        .limit(100)
        .execute();
      for (const task of due) {
        const dueTime = task.next_run_time as Date;
        const content = contentOf(task.execute_content);
        const next = content ? nextRunAfter(content, now) : null;
        const won = await this.app.db
          .updateTable('schedule_task')
          .set({ next_run_time: next, last_run_time: dueTime, run_count: sql`run_count + 1` })
          .where('id', '=', task.id)
          .where('next_run_time', '=', dueTime)
          .returning('id')
          .executeTakeFirst();
        if (!won) continue;
        n++;
        this.claimed++;
        const p: Promise<void> = this.run(task.id, task.execute_type, content, dueTime).finally(() => this.runs.delete(p));
        this.runs.add(p);
      }
    } catch (err) {
      console.warn(`[scheduler] poll failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return n;
  }

  /** Runs one claimed run and records it. */
  private async run(taskId: string, type: number, content: ExecuteContent | null, due: Date): Promise<void> {
    const id = randomUUID();
    try {
      const inserted = await this.app.db
        .insertInto('schedule_task_log')
        .values({ id, task_id: taskId, due_time: due, start_time: new Date(), instance: this.instance })
        .onConflict((oc) => oc.constraint('schedule_task_log_once').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      let attempts = 0;
      let result = 0;
      let message = '';
      for (;;) {
        attempts++;
        try {
          message = await this.execute(type, content);
          result = 1;
          break;
        } catch (err) {
          const e = err as { text?: (lang: 'zh') => string; message?: string };
          message = redactText(typeof e?.text === 'function' ? e.text('zh') : (e?.message ?? String(err)), 1000);
          if (type !== 1 || attempts > this.retries) break;
          await sleep(this.backoffMs * 2 ** (attempts - 1));
        }
      }
      await this.app.db.updateTable('schedule_task_log').set({ end_time: new Date(), result, attempts, message }).where('id', '=', id).execute();
    } catch (err) {
      console.warn(`[scheduler] run of ${taskId} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Does the work of one run → a one-line result; throws on failure. */
  private async execute(type: number, content: ExecuteContent | null): Promise<string> {
    if (!content) throw new Error('executeContent is unreadable');
    if (type === 1) {
      const di = await getInterface(this.app.db, content.interfaceId ?? '');
      const params: Record<string, unknown> = {};
      for (const p of content.parameter ?? []) if (p?.field) params[p.field] = p.value ?? p.defaultValue ?? null;
      const data = await runInterface(this.app.db, di, params, {});
      const size = Array.isArray(data) ? `${data.length} rows` : 'ok';
      return `${di.fullName}: ${size}`;
    }
    const method = taskMethod(content.localHostTaskId);
    if (!method) throw new Error(`no built-in method ${content.localHostTaskId ?? ''}`);
    return method.run(this.app, content);
  }
}
