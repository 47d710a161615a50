import type { Db } from '../../db/types';
import { type ExecuteContent, nextRunAfter } from './cron';
import './tables';

/** sys_config key set once the default jobs were seeded (a job an administrator deletes stays deleted). */
export const SEEDED_KEY = 'scheduleTasksSeeded';

/**
 * sys_config keys of default jobs added after the first seeding (the job's own key, set once it was seeded), so an
 * older database gets them at its next start and an administrator's deletion still sticks.
 */
const LATER_KEYS: Record<string, string> = { 'task-recycle-purge': 'scheduleTaskSeeded.recyclePurge' };

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
  ['task-recycle-purge', '回收站清理', 'recyclePurge', '0 20 3 * * *', 'recyclePurge', 1, []],
];

/**
 * Seeds the default scheduled jobs once (issue 23 item 4): log purge daily at 03:10, the recycle bins' purge daily at
 * 03:20 (issue 27 item 2; retention from 系统配置) and expired-session purge hourly (enabled), and a nightly backup at
 * 02:00 keeping 7 daily and 4 weekly (stopped until an administrator enables it: it copies everything, so the disk it
 * fills is the administrator's choice). Each job is seeded while its key is unset (SEEDED_KEY, or LATER_KEYS for the
 * jobs added since), so a job an administrator deletes stays deleted.
 */
export async function seedDefaultTasks(db: Db): Promise<void> {
  const keys = [SEEDED_KEY, ...Object.values(LATER_KEYS)];
  const done = new Set((await db.selectFrom('sys_config').select('key').where('key', 'in', keys).execute()).map((r) => r.key));
  const wanted = DEFAULTS.filter(([id]) => !done.has(LATER_KEYS[id] ?? SEEDED_KEY));
  if (!wanted.length) return;
  const now = new Date();
  await db
    .insertInto('schedule_task')
    .values(
      wanted.map(([id, fullName, enCode, cron, method, enabled, parameter]) => {
        const i = DEFAULTS.findIndex(([d]) => d === id);
        const content: ExecuteContent = { cron, startTime: null, endTime: null, interfaceId: null, parameter, localHostTaskId: method };
        return { id, full_name: fullName, en_code: enCode, execute_type: 3, execute_content: JSON.stringify(content), sort_code: i + 1, enabled_mark: enabled, next_run_time: enabled ? nextRunAfter(content, now) : null, description: null, created_by: null };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const key of keys) await db.insertInto('sys_config').values({ key, value: '1' }).onConflict((oc) => oc.column('key').doNothing()).execute();
}
