import type { Paged } from '../../../../schemas/wire/common';
import type { SystemLogQuery, SystemLogRow } from '../../../../schemas/wire/current-user';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { ipName } from '../oauth/current-user';

const DAY = 86_400_000;

/**
 * Parses a time bound: '' / undefined → undefined; digits → ms (ten digits = seconds); else Date.parse.
 * `end` bounds covering a whole day (a date without time, or a local midnight timestamp) are moved to the day's end.
 * Unparseable → 400 naming `field`.
 */
export function parseTimeBound(value: string | undefined, field: string, end: boolean): Date | undefined {
  if (value === undefined || value === '') return undefined;
  let ms: number;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (/^\d+$/.test(value)) ms = value.length === 10 ? Number(value) * 1000 : Number(value);
  else ms = dateOnly ? new Date(`${value}T00:00:00`).getTime() : Date.parse(value);
  if (!Number.isFinite(ms)) throw ApiError.of(400, 'invalid', { field });
  const d = new Date(ms);
  const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
  if (end && (dateOnly || midnight)) return new Date(ms + DAY - 1);
  return d;
}

/**
 * The sign-in log of `userId` (login_log), newest first, filtered by keyword (IP, user agent or outcome text,
 * case-insensitive) and time range; paged → `{ list, pagination: { currentPage, pageSize, total } }`.
 */
export async function systemLog(db: Db, userId: string, query: SystemLogQuery): Promise<Paged<SystemLogRow>> {
  const currentPage = query.currentPage ?? 1;
  const pageSize = query.pageSize ?? 20;
  const start = parseTimeBound(query.startTime, 'startTime', false);
  const end = parseTimeBound(query.endTime, 'endTime', true);
  if (start && end && start > end) throw ApiError.of(400, 'outOfRange', { field: 'endTime' });
  if (query.category !== undefined && query.category !== 1) return { list: [], pagination: { currentPage, pageSize, total: 0 } };
  let q = db.selectFrom('login_log').where('user_id', '=', userId);
  if (start) q = q.where('created_at', '>=', start);
  if (end) q = q.where('created_at', '<=', end);
  const kw = query.keyword?.trim();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) => eb.or([eb('ip', 'ilike', like), eb('user_agent', 'ilike', like), eb('message', 'ilike', like)]));
  }
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'account', 'ip', 'user_agent', 'success', 'message', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      creatorTime: toMs(r.created_at),
      userName: r.account,
      ipaddress: r.ip,
      ipAddressName: r.ip ? ipName(r.ip) : '',
      platForm: r.user_agent,
      abstracts: r.message,
      loginMark: r.success ? 1 : 0,
    })),
    pagination: { currentPage, pageSize, total: Number(total) },
  };
}
