import type { Db } from '../../db/types';
import { type ExecuteContent, nextRunAfter } from './cron';
import './tables';

/** sys_config key set once the default jobs were seeded (a job an administrator deletes stays deleted). */
export const SEEDED_KEY = 'scheduleTasksSeeded';

/** The default jobs: [id, fullName, enCode, cron, method, enabled, parameters]. */
const DEFAULTS: Array<[string, string, string, string, string, 0 | 1, ExecuteContent['parameter']]> = [
  ['task-log-purge', '日志清理', 'logPurge', '0 10 3 * * *', 'logPurge', 1, []],
  ['task-session-purge', '过期会话清理', 'sessionPurge', '0 5 * * * *', 'sessionPurge', 1, []],
  [
    'task-nightly-backup',
    '每日备份',
    'nightlyBackup',
    '0 0 2 * * *',
    'backup',
    0,
    [
      { field: 'keepDaily', value: 7 },
      { field: 'keepWeekly', value: 4 },
    ],
  ],
];

/**
 * Seeds the default scheduled jobs once (issue 23 item 4): log purge daily at 03:10 and expired-session purge hourly
 * (enabled), and a nightly backup at 02:00 keeping 7 daily and 4 weekly (stopped until an administrator enables it:
 * it copies everything, so the disk it fills is the administrator's choice). Runs only while SEEDED_KEY is unset.
 */
export async function seedDefaultTasks(db: Db): Promise<void> {
  if (await db.selectFrom('sys_config').select('key').where('key', '=', SEEDED_KEY).executeTakeFirst()) return;
  const now = new Date();
  await db
    .insertInto('schedule_task')
    .values(
      DEFAULTS.map(([id, fullName, enCode, cron, method, enabled, parameter], i) => {
        const content: ExecuteContent = { cron, startTime: null, endTime: null, interfaceId: null, parameter, localHostTaskId: method };
        return { id, full_name: fullName, en_code: enCode, execute_type: 3, execute_content: JSON.stringify(content), sort_code: i + 1, enabled_mark: enabled, next_run_time: enabled ? nextRunAfter(content, now) : null, description: null, created_by: null };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('sys_config').values({ key: SEEDED_KEY, value: '1' }).onConflict((oc) => oc.column('key').doNothing()).execute();
}
