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
  /** A run due longer ago than this, ms, is a misfire (default MISFIRE_MS). */
  misfireMs?: number;
}

/** Default poll interval, ms: the longest the scheduler sleeps; it wakes earlier when a run falls due sooner. */
export const POLL_MS = 2_000;
/** Default misfire threshold, ms (quartz's default misfireThreshold, 60 s). */
export const MISFIRE_MS = 60_000;
/** The most runs of one task one poll claims: a catch-up never runs a job more than this many times at once. */
export const MAX_CATCH_UP = 10;

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
 * The job scheduler (issue 23 item 4). Every `pollMs` it reads the enabled live (not binned, issue 27) tasks whose `next_run_time` has come and
 * claims each due run with one atomic statement — `UPDATE schedule_task SET next_run_time = <next>, last_run_time =
 * <due>, run_count = run_count + 1 WHERE id = ? AND next_run_time = <due> RETURNING id` — so that among any number of
 * instances on one database exactly one wins each run (the others' UPDATE matches no row); the run log's unique
 * (task_id, due_time) is a second guard.
 *
 * Timing: after each poll it sleeps until the earliest next run of any enabled task (read in the same query), at most
 * `pollMs`, so an every-second job runs once in each second even with a 2 s poll interval. Catch-up (quartz misfire
 * semantics, documented choice): when a poll finds a task due, every occurrence from its next_run_time up to now is
 * claimed and run, one claim (atomic UPDATE) each, in order — unless the first is older than `misfireMs` (a misfire:
 * all instances were down or blocked) or more than MAX_CATCH_UP are due; then it runs once for all the missed ones
 * (quartz's MISFIRE_INSTRUCTION_FIRE_ONCE_NOW, CronTrigger's smart policy) and the next time is computed from now. So a
 * job missed for hours runs once, not thousands of times. Chosen over pg-boss/graphile-worker: one row per job and one UPDATE per run work the same on PGlite (one
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
  private readonly misfireMs: number;
  private running = false;
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
    this.misfireMs = opts.misfireMs ?? MISFIRE_MS;
  }

  /** Starts polling (never keeps the process alive): polls now, then after each poll at the next due time (≤ pollMs). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake(0);
  }

  /** Stops polling and waits for the poll and the runs in progress. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.runs]);
  }

  /** Sets the one timer: a poll in `ms` (0–pollMs), then the next one after it. */
  private wake(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick().then(() => {
        if (this.running && !this.timer) this.wake(this.sleepMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** How long to sleep after the last poll, ms: until the earliest next run it saw (+5 ms), at most pollMs. */
  private sleepMs = 0;

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
    this.sleepMs = this.pollMs;
    try {
      // The due tasks, and the ones falling due before the next regular poll (they set the wake-up time).
      const soon = await this.app.db
        .selectFrom('schedule_task')
        .select(['id', 'execute_type', 'execute_content', 'next_run_time'])
        .where('enabled_mark', '=', 1)
        .where('f_deleted_at', 'is', null)
        .where('next_run_time', '<=', new Date(now.getTime() + this.pollMs))
        .orderBy('next_run_time')
        .limit(100)
        .execute();
      for (const task of soon) {
        const at = new Date(task.next_run_time as Date).getTime();
        if (at > now.getTime()) {
          this.sleepMs = Math.min(this.sleepMs, Math.max(0, at - Date.now()) + 5);
          break;
        }
        n += await this.claimDue(task.id, task.execute_type, task.execute_content, task.next_run_time as Date, now);
      }
      if (soon.length === 100 && n > 0) this.sleepMs = 0;
    } catch (err) {
      console.warn(`[scheduler] poll failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return n;
  }

  /**
   * Claims the due occurrences of one task from `first` up to `now` (see the class comment: each one, or once for a
   * misfire or beyond MAX_CATCH_UP) and runs them one after another → how many this scheduler claimed.
   */
  private async claimDue(taskId: string, type: number, text: string, first: Date, now: Date): Promise<number> {
    const content = contentOf(text);
    let due: Date | null = first;
    let n = 0;
    let chain = Promise.resolve();
    while (due && due.getTime() <= now.getTime()) {
      const misfire: boolean = now.getTime() - due.getTime() > this.misfireMs;
      let next: Date | null = content && !misfire ? nextRunAfter(content, due) : null;
      if (!next || misfire || (next.getTime() <= now.getTime() && n + 1 >= MAX_CATCH_UP)) next = content ? nextRunAfter(content, now) : null;
      const won = await this.app.db
        .updateTable('schedule_task')
        .set({ next_run_time: next, last_run_time: due, run_count: sql`run_count + 1` })
        .where('id', '=', taskId)
        .where('next_run_time', '=', due)
        // A task binned on another instance since the poll is not claimed (issue 27 item 2).
        .where('f_deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!won) break;
      n++;
      this.claimed++;
      const at = due;
      chain = chain.then(() => this.run(taskId, type, content, at));
      const p: Promise<void> = chain.finally(() => this.runs.delete(p));
      this.runs.add(p);
      due = next;
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
