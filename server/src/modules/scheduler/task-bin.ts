import type { Db } from '../../db/types';
import { type ExecuteContent, nextRunAfter } from './cron';
import './tables';

/**
 * After scheduled jobs come back from the recycle bin (issue 27 item 2; _shared/runtime-bins.ts): each enabled one
 * runs again on its cron from now — its next run is recomputed, so a job binned across its due time is not fired
 * at once as a misfire (runner.ts) but at its next occurrence; a stopped one stays stopped.
 */
export async function rescheduleRestored(db: Db, ids: string[]): Promise<void> {
  const now = new Date();
  const rows = await db.selectFrom('schedule_task').select(['id', 'execute_content']).where('id', 'in', ids).where('enabled_mark', '=', 1).execute();
  for (const r of rows) {
    let content: ExecuteContent | null = null;
    try {
      content = JSON.parse(r.execute_content) as ExecuteContent;
    } catch {
      content = null;
    }
    const next = content && typeof content.cron === 'string' ? nextRunAfter(content, now) : null;
    await db.updateTable('schedule_task').set({ next_run_time: next }).where('id', '=', r.id).execute();
  }
}
