import type { Db } from '../../db/types';
import { fail } from './messages';

/**
 * The byte cap of an interface's answer (issue 20 item 4): SQL and static-JSON interfaces, field SQL sources and
 * CommonData-style queries stop once the rows they would send pass this many bytes (counted by PostgreSQL while the
 * rows are produced: sql-runner.ts), besides the row cap (MAX_ROWS). A system setting: sys_config key
 * `dataInterfaceMaxBytes` (a positive integer, bytes); unset or invalid → DEFAULT_MAX_BYTES.
 */

/** The sys_config key of the byte cap. */
export const MAX_BYTES_KEY = 'dataInterfaceMaxBytes';
/** The default byte cap: 10 MB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The byte cap in force (one read of sys_config per run). */
export async function maxAnswerBytes(db: Db): Promise<number> {
  const row = await db.selectFrom('sys_config').select('value').where('key', '=', MAX_BYTES_KEY).executeTakeFirst();
  const n = Number(row?.value);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_BYTES;
}

/** `10 MB`, `512 KB`, `900 B`: a cap as people read it (1 KB = 1024 B). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} B`;
}

/** Thrown by the SQL runner when an answer passes the cap; `cap` in bytes. */
export class AnswerTooLarge extends Error {
  constructor(readonly cap: number) {
    super(`answer over ${cap} bytes`);
  }
}

/** The 400 naming the cap, in the request's language (`数据接口返回数据过大（超过 10 MB）…`). */
export function tooLarge(cap: number) {
  return fail(400, 'tooLarge', { size: formatBytes(cap) });
}
