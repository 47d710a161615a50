import type { Db } from '../../db/types';
import { PASSWORD_POLICY_DEFAULTS, PASSWORD_POLICY_RANGES, type PasswordPolicy, PUBLIC_PREFIX, publicKey } from './defaults';

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

/**
 * The password policy (issue 20 item 6): each key of PASSWORD_POLICY_DEFAULTS read from sys_config, a missing,
 * non-integer or out-of-range value replaced by its default (PASSWORD_POLICY_RANGES).
 */
export async function passwordPolicy(db: Db): Promise<PasswordPolicy> {
  const keys = Object.keys(PASSWORD_POLICY_DEFAULTS) as (keyof PasswordPolicy)[];
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', keys).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const policy = { ...PASSWORD_POLICY_DEFAULTS } as PasswordPolicy;
  for (const k of keys) {
    const raw = stored.get(k)?.trim() ?? '';
    const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    const [min, max] = PASSWORD_POLICY_RANGES[k];
    if (Number.isInteger(n) && n >= min && n <= max) policy[k] = n;
  }
  return policy;
}
