import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import { type RowWrite, softDelete, versionedUpdate } from '../_shared/row-version';
import { type ExecuteContent, nextRunAfter, parseCron, type TaskParameter } from './cron';
import { fail } from './messages';
import { taskMethod } from './methods';
import { contentOf } from './runner';
import type { ScheduleTaskTable } from './tables';

/**
 * A task as the wire carries it (JNPF TimeTask): `executeContent` is the JSON text of ExecuteContent (as JNPF sends
 * it); the form's fields `cron`, `startTime`, `endTime`, `interfaceId`, `localHostTaskId` are copied out of it; times
 * epoch ms (null when none); `nextRunTime` null when disabled or finished.
 */
export interface TaskDto {
  id: string;
  fullName: string;
  enCode: string;
  executeType: number;
  executeContent: string;
  cron: string;
  startTime: number | null;
  endTime: number | null;
  interfaceId: string | null;
  localHostTaskId: string | null;
  parameter: TaskParameter[];
  description: string | null;
  sortCode: number;
  enabledMark: number;
  runCount: number;
  lastRunTime: number | null;
  nextRunTime: number | null;
  creatorTime: number;
  /** The row's version (issue 27): sent back with an update or delete, a stale one is refused (409). */
  version: number;
}

/** What create and update take (JNPF body; executeContent as an object or its JSON text; flat fields override it). */
export interface TaskInput {
  fullName: string;
  enCode: string;
  executeType: number;
  executeContent?: string | ExecuteContent | null;
  cron?: string | null;
  startTime?: number | null;
  endTime?: number | null;
  interfaceId?: string | null;
  localHostTaskId?: string | null;
  parameter?: TaskParameter[] | null;
  description?: string | null;
  sortCode?: number | null;
  enabledMark?: number | null;
}

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/** The wire form of a row. */
export function toDto(r: Selectable<ScheduleTaskTable>): TaskDto {
  const c = contentOf(r.execute_content) ?? { cron: '' };
  return {
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    executeType: r.execute_type,
    executeContent: r.execute_content,
    cron: c.cron,
    startTime: c.startTime ?? null,
    endTime: c.endTime ?? null,
    interfaceId: c.interfaceId ?? null,
    localHostTaskId: c.localHostTaskId ?? null,
    parameter: c.parameter ?? [],
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    runCount: r.run_count,
    lastRunTime: ms(r.last_run_time),
    nextRunTime: ms(r.next_run_time),
    creatorTime: new Date(r.created_at).getTime(),
    version: Number(r.f_version),
  };
}

/**
 * The checked ExecuteContent of `b` → content and the first run (from now). 400: an invalid cron (croner refuses it),
 * end before start, a cron that never runs in the window, a missing data interface (type 1) or method (type 3).
 */
export async function checkInput(db: Db, b: TaskInput): Promise<{ content: ExecuteContent; next: Date | null }> {
  let base: Partial<ExecuteContent> = {};
  if (typeof b.executeContent === 'string') base = contentOf(b.executeContent) ?? { cron: '' };
  else if (b.executeContent && typeof b.executeContent === 'object') base = b.executeContent;
  const pick = <K extends keyof ExecuteContent>(k: K) => (b[k as keyof TaskInput] !== undefined ? b[k as keyof TaskInput] : base[k]) as ExecuteContent[K];
  const content: ExecuteContent = {
    cron: String(pick('cron') ?? '').trim(),
    startTime: pick('startTime') ?? null,
    endTime: pick('endTime') ?? null,
    interfaceId: b.executeType === 1 ? (pick('interfaceId') ?? null) : null,
    parameter: (pick('parameter') ?? []).filter((p) => p && typeof p.field === 'string').slice(0, 50),
    localHostTaskId: b.executeType === 3 ? (pick('localHostTaskId') ?? null) : null,
  };
  if (!parseCron(content.cron)) throw fail(400, 'badCron', { detail: content.cron.slice(0, 100) });
  if (content.startTime && content.endTime && content.endTime <= content.startTime) throw fail(400, 'badTimes');
  const next = nextRunAfter(content, new Date());
  if (!next && !(content.endTime && content.endTime < Date.now())) throw fail(400, 'noRun');
  if (b.executeType === 1) {
    // A binned interface runs nowhere (issue 27 item 2): a task cannot be pointed at one.
    const found = content.interfaceId ? await db.selectFrom('data_interface').select('id').where('id', '=', content.interfaceId).where('f_deleted_at', 'is', null).executeTakeFirst() : undefined;
    if (!found) throw fail(400, 'noInterface', { detail: String(content.interfaceId ?? '') });
  } else if (!taskMethod(content.localHostTaskId)) throw fail(400, 'noMethod', { detail: String(content.localHostTaskId ?? '') });
  return { content, next };
}

/** Live tasks (not in the bin) whose name or code holds `keyword`, by sortCode then name, one page. */
export async function listTasks(db: Db, q: { keyword?: string; currentPage: number; pageSize: number }): Promise<{ list: TaskDto[]; total: number }> {
  let base = db.selectFrom('schedule_task').where('f_deleted_at', 'is', null);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('full_name', 'ilike', k), eb('en_code', 'ilike', k)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .selectAll()
    .orderBy('sort_code')
    .orderBy('full_name')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toDto), total };
}

/** The live task `id` → its dto; 404 when there is none or it is in the bin. */
export async function getTask(db: Db, id: string): Promise<TaskDto> {
  const row = await db.selectFrom('schedule_task').selectAll().where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  return toDto(row);
}

/** Refuses (400 duplicate) an enCode another task holds, binned ones included (they keep it until purged). */
async function assertUniqueCode(db: Db, enCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('schedule_task').select('id').where('en_code', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw fail(400, 'duplicate', { detail: enCode });
}

/** Creates a task (enabled unless enabledMark 0) → its id. 400 as checkInput, or a duplicate enCode. */
export async function createTask(db: Db, b: TaskInput, userId: string | null): Promise<string> {
  const { content, next } = await checkInput(db, b);
  await assertUniqueCode(db, b.enCode);
  const id = randomUUID();
  const enabled = b.enabledMark === 0 ? 0 : 1;
  await db
    .insertInto('schedule_task')
    .values({ id, full_name: b.fullName, en_code: b.enCode, execute_type: b.executeType, execute_content: JSON.stringify(content), description: b.description ?? null, sort_code: b.sortCode ?? 0, enabled_mark: enabled, next_run_time: enabled ? next : null, created_by: userId })
    .execute();
  return id;
}

/**
 * Updates task `id` (its next run recomputed from now) → its new version. `w.version` (issue 27): an older one is
 * refused (409 naming who and when, nothing written); none: last write wins. 404 (missing or binned) / 400 as createTask.
 */
export async function updateTask(db: Db, id: string, b: TaskInput, w: RowWrite): Promise<number> {
  const old = await getTask(db, id);
  const { content, next } = await checkInput(db, b);
  await assertUniqueCode(db, b.enCode, id);
  const enabled = b.enabledMark === undefined || b.enabledMark === null ? old.enabledMark : b.enabledMark === 0 ? 0 : 1;
  const set = { full_name: b.fullName, en_code: b.enCode, execute_type: b.executeType, execute_content: JSON.stringify(content), description: b.description ?? null, sort_code: b.sortCode ?? 0, enabled_mark: enabled, next_run_time: enabled ? next : null };
  return versionedUpdate(db, 'schedule_task', id, set, w);
}

/**
 * Moves task `id` to the recycle bin (issue 27 item 2): it never runs there (runner.ts claims live tasks only); its run
 * log stays for the restore and goes with the purge. 404 when there is none (or binned), 409 an older `w.version`.
 */
export async function deleteTask(db: Db, id: string, w: RowWrite): Promise<void> {
  await softDelete(db, 'schedule_task', id, w);
}

/** Enables (next run from now) or stops (no next run) live task `id` (version +1). 404 when there is none or it is binned. */
export async function setEnabled(db: Db, id: string, enabled: boolean, actor: string | null): Promise<void> {
  const task = await getTask(db, id);
  const next = enabled ? nextRunAfter(contentOf(task.executeContent) ?? { cron: '' }, new Date()) : null;
  await versionedUpdate(db, 'schedule_task', id, { enabled_mark: enabled ? 1 : 0, next_run_time: next }, { actor, notFound: () => fail(404, 'notFound') });
}

/**
 * One page of task `id`'s runs, newest first: `{ id, taskId, runTime (due, ms), startTime, endTime (ms), runResult 1/0
 * (null running), attempts, description (the result or the error), instance }`; startTime/endTime filter by start.
 */
export async function taskLog(db: Db, id: string, q: { currentPage: number; pageSize: number; startTime?: number; endTime?: number }) {
  let base = db.selectFrom('schedule_task_log').where('task_id', '=', id);
  if (q.startTime !== undefined) base = base.where('start_time', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('start_time', '<=', new Date(q.endTime));
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .selectAll()
    .orderBy('start_time', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const list = rows.map((r) => ({
    id: r.id,
    taskId: r.task_id,
    runTime: new Date(r.due_time).getTime(),
    startTime: new Date(r.start_time).getTime(),
    endTime: ms(r.end_time),
    runResult: r.result,
    attempts: r.attempts,
    description: r.message,
    instance: r.instance,
  }));
  return { list, total };
}
