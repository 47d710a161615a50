import type { Paged } from '../../../../schemas/wire/common';
import type { SystemLogQuery, SystemLogRow } from '../../../../schemas/wire/current-user';
import dayjs from 'dayjs';
import { parseDate, rangeBound } from '../../../../src/engine/dates';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { failWith } from '../dictionary/localized-error';
import { ipName } from '../oauth/current-user';

/** Messages of the log filter (issue 24 item 2): an impossible or unreadable date, naming the parameter and value. */
const fail = failWith<'invalidDate'>({
  zh: { invalidDate: '{field}的日期{value}不正确' },
  en: { invalidDate: '{field}: {value} is not a valid date' },
});

/**
 * Parses a time bound with the shared strict parser (`src/engine/dates`, issue 24 item 2): '' / undefined →
 * undefined; a timestamp (ten digits = seconds, more = ms), `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss`.
 * `end` bounds covering a whole day (a date without time, or a local midnight timestamp) are moved to the day's end.
 * @throws LocalizedError 400 `invalidDate` naming `field` and the value for anything else, impossible dates included
 * (`2025-02-30`, `abc 2025`).
 */
export function parseTimeBound(value: string | undefined, field: string, end: boolean): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const p = parseDate(value);
  if (!p) throw fail(400, 'invalidDate', { field, value: value.slice(0, 50) }, { field });
  const midnight = dayjs(p.ms).startOf('day').valueOf() === p.ms;
  return new Date(end && midnight ? rangeBound({ ms: p.ms, unit: 'day' }, true) : p.ms);
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
