import type { Db } from '../../db/types';
import { effectiveTheme, parsePropertyJson, THEME_KEY, THEME_TYPE, type ThemeSettings } from './settings';
import './tables';

/** Largest PropertyJson stored per record (characters). */
export const MAX_PROPERTY_JSON = 16_384;

/** The stored PropertyJson of (owner, key, type); undefined when nothing was saved. */
export async function readSetting(db: Db, ownerUserId: string, configKey: string, configType: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('personal_setting')
    .select('property_json')
    .where('owner_user_id', '=', ownerUserId)
    .where('config_key', '=', configKey)
    .where('config_type', '=', configType)
    .executeTakeFirst();
  return row?.property_json;
}

/**
 * The PropertyJson a client receives (GET /api/system/personalsetting/info, spec 000 §3): for ThemePersonal/theme the
 * defaults overlaid with the stored values; for any other key/type the stored text, or '{}'.
 */
export async function settingForClient(db: Db, ownerUserId: string, configKey: string, configType: string): Promise<string> {
  const stored = await readSetting(db, ownerUserId, configKey, configType);
  if (configKey === THEME_KEY && configType === THEME_TYPE) return JSON.stringify(effectiveTheme(parsePropertyJson(stored)));
  return stored ?? '{}';
}

/** Inserts or replaces the PropertyJson of (owner, key, type). */
export async function writeSetting(db: Db, ownerUserId: string, configKey: string, configType: string, propertyJson: string): Promise<void> {
  await db
    .insertInto('personal_setting')
    .values({ owner_user_id: ownerUserId, config_key: configKey, config_type: configType, property_json: propertyJson })
    .onConflict((oc) => oc.columns(['owner_user_id', 'config_key', 'config_type']).doUpdateSet({ property_json: propertyJson, updated_at: new Date() }))
    .execute();
}

/**
 * Merges validated theme changes into the user's ThemePersonal record inside one transaction (row lock), so two
 * tabs saving different switches at once both persist. Returns the merged stored settings.
 */
export async function mergeTheme(db: Db, ownerUserId: string, changes: ThemeSettings): Promise<ThemeSettings> {
  return db.transaction().execute(async (trx) => {
    // make sure the row exists so that FOR UPDATE locks it even on a user's first saves
    await trx
      .insertInto('personal_setting')
      .values({ owner_user_id: ownerUserId, config_key: THEME_KEY, config_type: THEME_TYPE, property_json: '{}' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await trx
      .selectFrom('personal_setting')
      .select('property_json')
      .where('owner_user_id', '=', ownerUserId)
      .where('config_key', '=', THEME_KEY)
      .where('config_type', '=', THEME_TYPE)
      .forUpdate()
      .executeTakeFirst();
    const merged = { ...parsePropertyJson(row?.property_json), ...changes };
    await writeSetting(trx, ownerUserId, THEME_KEY, THEME_TYPE, JSON.stringify(merged));
    return merged;
  });
}

/** A supplier identity (spec 000 §3: Id, SupNo, SupTname). */
export interface Supply {
  Id: string;
  SupNo: string;
  SupTname: string;
}

/** The supplier identities of `userId`, in sort order. */
export async function suppliesOf(db: Db, userId: string): Promise<Supply[]> {
  const rows = await db
    .selectFrom('user_supply')
    .select(['supply_id', 'sup_no', 'sup_tname'])
    .where('user_id', '=', userId)
    .orderBy('sort_code')
    .orderBy('supply_id')
    .execute();
  return rows.map((r) => ({ Id: r.supply_id, SupNo: r.sup_no, SupTname: r.sup_tname }));
}

/** The user's current supplier identity (users.current_supply), or null. */
export async function currentSupplyOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('current_supply').where('id', '=', userId).executeTakeFirst();
  return row?.current_supply ?? null;
}

/** Replaces the supplier identities of `userId` (administration, seeds and tests). */
export async function setSupplies(db: Db, userId: string, supplies: Supply[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_supply').where('user_id', '=', userId).execute();
    if (supplies.length) {
      await trx
        .insertInto('user_supply')
        .values(supplies.map((s, i) => ({ user_id: userId, supply_id: s.Id, sup_no: s.SupNo, sup_tname: s.SupTname, sort_code: i })))
        .execute();
    }
  });
}
