import { sql } from 'kysely';
import type { Db } from '../../db/types';
import './tables';
import '../visualdev/db-tables';

/** sys_config key of the log retention in days (issue 23 item 2 "retention is a setting"); default DEFAULT_RETENTION_DAYS. */
export const RETENTION_KEY = 'logRetentionDays';
/** Days logs are kept when the setting is absent. */
export const DEFAULT_RETENTION_DAYS = 90;

/** A list query: kind, keyword, time range (epoch ms, inclusive) and paging. */
export interface LogQuery {
  type: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
  currentPage: number;
  pageSize: number;
}

/**
 * One row of GET /api/system/Log/{type} (JNPF field names): creatorTime epoch ms; userName `real name/account`;
 * ipaddress; platForm (the user agent); sign-in: loginMark 1 success / 0 failure, abstracts the outcome; request:
 * requestURL (secrets masked), requestMethod, requestCode (HTTP status), bodyCode (envelope code), requestDuration (ms);
 * operation: moduleName (menu or model id), objectId (record id), abstracts (the action), json (a model record's
 * before/after from the change history: `{ action, changes }`); exception: errorId, abstracts (the message), json (the stack).
 */
export interface LogRowOut {
  id: string;
  type: number;
  creatorTime: number;
  userName: string | null;
  ipaddress: string | null;
  platForm: string | null;
  loginMark?: number;
  abstracts: string | null;
  requestURL?: string | null;
  requestMethod?: string | null;
  requestCode?: number | null;
  bodyCode?: number | null;
  requestDuration?: number | null;
  moduleName?: string | null;
  objectId?: string | null;
  errorId?: string | null;
  json?: string | null;
}

const like = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of sign-ins (login_log joined to users for the real name), newest first. */
async function listSignIns(db: Db, q: LogQuery) {
  let base = db.selectFrom('login_log as l').leftJoin('users as u', 'u.id', 'l.user_id');
  if (q.keyword) {
    const k = like(q.keyword);
    base = base.where((eb) => eb.or([eb('l.account', 'ilike', k), eb('l.ip', 'ilike', k), eb('l.user_agent', 'ilike', k), eb('l.message', 'ilike', k), eb('u.real_name', 'ilike', k)]));
  }
  if (q.startTime !== undefined) base = base.where('l.created_at', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('l.created_at', '<=', new Date(q.endTime));
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .select(['l.id', 'l.account', 'l.ip', 'l.user_agent', 'l.success', 'l.message', 'l.created_at', 'u.real_name'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const list: LogRowOut[] = rows.map((r) => ({
    id: r.id,
    type: 1,
    creatorTime: new Date(r.created_at).getTime(),
    userName: r.real_name ? `${r.real_name}/${r.account}` : r.account,
    ipaddress: r.ip,
    platForm: r.user_agent,
    loginMark: r.success ? 1 : 0,
    abstracts: r.message,
  }));
  return { list, total };
}

/** One page of kind 3, 4 or 5 (sys_log), newest first. */
async function listSysLog(db: Db, q: LogQuery) {
  let base = db.selectFrom('sys_log').where('type', '=', q.type);
  if (q.keyword) {
    const k = like(q.keyword);
    base = base.where((eb) => eb.or([eb('user_name', 'ilike', k), eb('path', 'ilike', k), eb('ip', 'ilike', k), eb('module', 'ilike', k), eb('action', 'ilike', k), eb('record_id', 'ilike', k), eb('error_id', 'ilike', k), eb('message', 'ilike', k)]));
  }
  if (q.startTime !== undefined) base = base.where('created_at', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('created_at', '<=', new Date(q.endTime));
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const changes = q.type === 3 ? await changesOf(db, rows) : new Map<string, unknown>();
  const list: LogRowOut[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    creatorTime: new Date(r.created_at).getTime(),
    userName: r.user_name,
    ipaddress: r.ip,
    platForm: r.user_agent,
    abstracts: r.type === 3 ? r.action : r.message,
    requestURL: r.path,
    requestMethod: r.method,
    requestCode: r.status,
    bodyCode: r.body_code,
    requestDuration: r.duration,
    moduleName: r.module,
    objectId: r.record_id,
    errorId: r.error_id,
    ...(r.type === 4 ? { json: r.stack } : {}),
    ...(changes.has(r.id) ? { json: JSON.stringify(changes.get(r.id)) } : {}),
  }));
  return { list, total };
}

/** How near (ms) a change-history entry must be to an operation row to be its before/after. */
const CHANGE_WINDOW_MS = 10_000;

/**
 * The before/after of operation rows on model records (issue 23 item 2): for each row whose module is a model and
 * record is set, the `changes` of the change-history entry (model_data_log) of that record and action nearest in time
 * (within CHANGE_WINDOW_MS) → by log row id. One query per page.
 */
async function changesOf(db: Db, rows: Array<{ id: string; module: string | null; record_id: string | null; action: string | null; created_at: Date }>): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const wanted = rows.filter((r) => r.module && r.record_id);
  if (!wanted.length) return out;
  const hist = await db
    .selectFrom('model_data_log')
    .select(['model_id', 'record_id', 'action', 'changes', 'created_at'])
    .where('record_id', 'in', [...new Set(wanted.map((r) => r.record_id as string))])
    .where('model_id', 'in', [...new Set(wanted.map((r) => r.module as string))])
    .execute()
    .catch(() => []);
  for (const r of wanted) {
    const t = new Date(r.created_at).getTime();
    let best: (typeof hist)[number] | undefined;
    for (const h of hist) {
      if (h.model_id !== r.module || h.record_id !== r.record_id) continue;
      // A create, update or delete call matches an entry of the same action (both may fall within the window).
      if (['create', 'update', 'delete'].includes(r.action ?? '') && h.action !== r.action) continue;
      const d = Math.abs(new Date(h.created_at).getTime() - t);
      if (d <= CHANGE_WINDOW_MS && (!best || d < Math.abs(new Date(best.created_at).getTime() - t))) best = h;
    }
    if (best) out.set(r.id, { action: best.action, changes: best.changes });
  }
  return out;
}

/** GET /api/system/Log/{type}: one page of that kind → `{ list, total }`. */
export function listLogs(db: Db, q: LogQuery): Promise<{ list: LogRowOut[]; total: number }> {
  return q.type === 1 ? listSignIns(db, q) : listSysLog(db, q);
}

/** Deletes the log rows `ids` (of any kind) → how many went. */
export async function deleteLogs(db: Db, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const a = await db.deleteFrom('sys_log').where('id', 'in', ids).executeTakeFirst();
  const b = await db.deleteFrom('login_log').where('id', 'in', ids).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}

/** Empties one kind → how many rows went. */
export async function emptyLogs(db: Db, type: number): Promise<number> {
  const r = type === 1 ? await db.deleteFrom('login_log').executeTakeFirst() : await db.deleteFrom('sys_log').where('type', '=', type).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The retention in days (sys_config logRetentionDays; a missing or invalid value → DEFAULT_RETENTION_DAYS; 0 = keep all). */
export async function retentionDays(db: Db): Promise<number> {
  const row = await db.selectFrom('sys_config').select('value').where('key', '=', RETENTION_KEY).executeTakeFirst();
  const n = Number(row?.value);
  return row && Number.isInteger(n) && n >= 0 ? n : DEFAULT_RETENTION_DAYS;
}

/**
 * Deletes log rows (every kind, sign-ins included) older than the retention (or `days` when given) → how many went.
 * Runs at start (syslog/hooks.ts) and as the scheduler's built-in `logPurge`.
 */
export async function purgeLogs(db: Db, days?: number): Promise<number> {
  const keep = days ?? (await retentionDays(db));
  if (keep <= 0) return 0;
  const before = sql<Date>`now() - make_interval(days => ${keep})`;
  const a = await db.deleteFrom('sys_log').where('created_at', '<', before).executeTakeFirst();
  const b = await db.deleteFrom('login_log').where('created_at', '<', before).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}
