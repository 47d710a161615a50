import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types';
import { runAction, SYSTEM } from './task-service';

/** How often due timers are looked for (ms). */
export const TIMER_SWEEP_MS = 60_000;

/**
 * Passes the timer nodes whose due time has come (reference §1 Timer; §5: no job runner in v3.2): each task with a
 * due, open timer node gets a `tick` action in its own transaction (the row lock keeps two instances from passing it
 * twice: the second finds it done). Returns how many tasks were ticked. A failing task is logged and skipped.
 */
export async function runDueTimers(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('flow_task_node as n')
    .innerJoin('flow_task as t', 't.id', 'n.task_id')
    .select('n.task_id')
    .distinct()
    .where('n.due_at', 'is not', null)
    .where('n.due_at', '<=', now)
    .where('n.completion', '=', 0)
    .where('n.state', '=', '0')
    .where('t.status', '=', 1)
    .limit(500)
    .execute();
  let ticked = 0;
  for (const { task_id } of due) {
    try {
      await runAction(db, task_id, { userId: SYSTEM, realName: '系统', isAdministrator: true, organizeId: null, positionId: null }, { type: 'tick' }, null, now.getTime());
      ticked++;
    } catch (err) {
      console.warn(`[workflow] timer of task ${task_id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return ticked;
}

/** Starts the periodic timer sweep of `app` (stopped when the app closes; never keeps the process alive). */
export function startTimerSweep(app: FastifyInstance): void {
  let running = false;
  const handle = setInterval(() => {
    if (running) return;
    running = true;
    runDueTimers(app.db)
      .catch((err) => console.warn(`[workflow] timer sweep: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = false;
      });
  }, TIMER_SWEEP_MS);
  handle.unref();
  app.addHook('onClose', async () => clearInterval(handle));
}
