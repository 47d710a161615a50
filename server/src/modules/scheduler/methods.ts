import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tokenTimeoutMinutes } from '../../plugins/auth';
import { backupsToPrune } from '../backup/retention';
import { backupsDir, createBackup, deleteBackup, listBackups } from '../backup/service';
import { filesRoot } from '../files/store';
import { purgeLogs } from '../syslog/repository';
import { type ExecuteContent, paramOf } from './cron';
import { purgeRecycleBins } from './recycle-purge';

/** A built-in method (executeType 3): runs with the app and the task's executeContent → a one-line result. */
export interface TaskMethod {
  /** The localHostTaskId. */
  id: string;
  /** Shown in the method picker (zh). */
  fullName: string;
  /** What it does and its parameters (zh). */
  description: string;
  run(app: FastifyInstance, content: ExecuteContent): Promise<string>;
}

/** A non-negative integer option of the task, else `fallback`. */
function intParam(content: ExecuteContent, field: string, fallback: number): number {
  const n = Number(paramOf(content, field));
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * The built-in methods (issue 23 item 4 "backup, log purge, expired-session purge"; issue 27 item 2 the recycle bins'
 * purge), answered by GET
 * /api/scheduletask/TaskMethods.
 */
export const TASK_METHODS: TaskMethod[] = [
  {
    id: 'backup',
    fullName: '数据备份',
    description: '备份数据库和上传的文件；参数 keepDaily（保留最近几天，默认 7）、keepWeekly（保留最近几周，默认 4）',
    async run(app, content) {
      const dataDir = dirname(filesRoot(app));
      const done = await createBackup({ db: app.db, dataDir });
      const dir = backupsDir(dataDir);
      const prune = backupsToPrune(await listBackups(dir), { daily: intParam(content, 'keepDaily', 7), weekly: intParam(content, 'keepWeekly', 4) });
      for (const b of prune) await deleteBackup(dir, b.id);
      return `${done.info.fileName} (${done.info.fileSize} B); pruned ${prune.length}`;
    },
  },
  {
    id: 'logPurge',
    fullName: '日志清理',
    description: '删除超过保留天数的系统日志；参数 days（默认取系统设置 logRetentionDays）',
    async run(app, content) {
      const days = paramOf(content, 'days');
      const n = await purgeLogs(app.db, days === undefined || days === '' ? undefined : intParam(content, 'days', 90));
      return `deleted ${n} log rows`;
    },
  },
  {
    id: 'sessionPurge',
    fullName: '过期会话清理',
    description: '删除闲置超过登录超时（tokenTimeout）的会话（含已被强制下线的）',
    async run(app) {
      // Idle ones only: a kicked session still answers 601 (forced offline) until it would have expired anyway.
      const idleMs = (await tokenTimeoutMinutes(app.db)) * 60_000;
      const r = await app.db.deleteFrom('session').where('last_seen', '<', new Date(Date.now() - idleMs)).executeTakeFirst();
      return `deleted ${Number(r.numDeletedRows)} sessions`;
    },
  },
  {
    id: 'recyclePurge',
    fullName: '回收站清理',
    description: '彻底删除在回收站中超过保留天数的数据（各模型的记录及其子表和文件、用户、字典、菜单、组织、角色、岗位）；参数 days（默认取系统设置 recycleRetentionDays）',
    async run(app, content) {
      const days = paramOf(content, 'days');
      const r = await purgeRecycleBins(app.db, days === undefined || days === '' ? undefined : Math.max(1, intParam(content, 'days', 30)));
      return `kept ${r.days} days; purged ${r.records} records of ${r.models} models, ${r.builtin} built-in rows${r.failed.length ? `; failed: ${r.failed.join(', ')}` : ''}`;
    },
  },
];

/** The built-in method `id`, or undefined. */
export const taskMethod = (id: string | null | undefined): TaskMethod | undefined => TASK_METHODS.find((m) => m.id === id);
