import type { Db } from '../../db/types';
import { PUBLIC_PREFIX, publicKey } from './defaults';

/**
 * The value of a public shell setting by its full sys_config key (`public.{a}.{b}`); undefined when absent.
 * Keys outside the `public.` namespace are never read here (spec 000 §3 "Config values").
 */
export async function publicValue(db: Db, key: string): Promise<string | undefined> {
  if (!key.startsWith(PUBLIC_PREFIX)) return undefined;
  const row = await db.selectFrom('sys_config').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Sets (inserts or replaces) the public setting `{a}/{b}`; used by seeds, tests and administration. */
export async function setPublicValue(db: Db, a: string, b: string, value: string): Promise<void> {
  await db
    .insertInto('sys_config')
    .values({ key: publicKey(a, b), value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
