import dayjs from 'dayjs';
import { type ColumnType, type Generated, sql } from 'kysely';
import type { Db } from '../../db/types';
import { rowVersionFail } from '../_shared/row-version-messages';
import { versionFail } from '../visualdev/record-version-messages';

declare module '../../db/types' {
  /** Migration 0677's columns. */
  interface SysConfigTable {
    f_version: Generated<number>;
    updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

/**
 * The version of a 系统配置 settings group (issue 27 item 1; migration 0677): the row `sysConfigGroup.{group}` of
 * sys_config, whose f_version steps with every save of the group and whose updated_by / updated_at name the last
 * saver. A group never saved reads as version 1. The page loads it with the group's values and sends it back; a save
 * carrying an older one is refused (409 naming who and when, nothing written), one without it writes (last wins).
 */
export const groupVersionKey = (group: string): string => `sysConfigGroup.${group}`;

/** The current version of settings group `group` (1 when never saved). */
export async function groupVersion(db: Db, group: string): Promise<number> {
  const row = await db.selectFrom('sys_config').select('f_version').where('key', '=', groupVersionKey(group)).executeTakeFirst();
  return row ? Number(row.f_version) : 1;
}

/**
 * Steps group `group`'s version for a save by `actor` (`version`: the one the caller loaded; undefined: no check) →
 * the new version. Run it in the save's transaction, before the values are written. @throws ApiError 400
 * versionAhead (a version never given out), LocalizedError 409 staleUpdate naming who and when (`data: { version }`).
 */
export async function stepGroupVersion(db: Db, group: string, version: number | undefined, actor: string | null): Promise<number> {
  const key = groupVersionKey(group);
  await db.insertInto('sys_config').values({ key, value: '' }).onConflict((oc) => oc.column('key').doNothing()).execute();
  let q = db.updateTable('sys_config').set({ f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: actor }).where('key', '=', key);
  if (version !== undefined) q = q.where('f_version', '=', version);
  const row = await q.returning('f_version').executeTakeFirst();
  if (row) return Number(row.f_version);
  const cur = await db.selectFrom('sys_config').select(['f_version', 'updated_by', 'updated_at']).where('key', '=', key).executeTakeFirstOrThrow();
  const current = Number(cur.f_version);
  if ((version ?? 0) > current) throw versionFail(400, 'versionAhead', { version: version ?? 0 });
  const name = cur.updated_by ? ((await db.selectFrom('users').select('real_name').where('id', '=', cur.updated_by).executeTakeFirst())?.real_name ?? null) : null;
  if (name && cur.updated_at) throw rowVersionFail(409, 'staleUpdate', { user: name, time: dayjs(cur.updated_at).format('YYYY-MM-DD HH:mm:ss') }, { version: current });
  throw rowVersionFail(409, 'staleUpdateAnon', {}, { version: current });
}
