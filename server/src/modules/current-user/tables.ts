import type { ColumnType } from 'kysely';

/**
 * Database types of migration 0120_shell, merged into the application's `Database` (db/types.ts convention).
 * Importing this module (the current-user repository does) makes the tables known to Kysely.
 */

/** One personal-settings record (spec 000 §3 "Personal settings"): a PropertyJson string per owner, key and type. */
export interface PersonalSettingTable {
  owner_user_id: string;
  config_key: string;
  config_type: string;
  property_json: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A supplier identity of a user (spec 000 §3 "Supplier identity: Id, SupNo, SupTname"). */
export interface UserSupplyTable {
  user_id: string;
  supply_id: string;
  sup_no: ColumnType<string, string | undefined, string>;
  sup_tname: ColumnType<string, string | undefined, string>;
  sort_code: ColumnType<number, number | undefined, number>;
}

declare module '../../db/types' {
  interface UsersTable {
    /** Self-introduction (profile). */
    signature: ColumnType<string | null, string | null | undefined, string | null>;
    /** zh | en | tw | mas (SystemLanguage). */
    language: ColumnType<string | null, string | null | undefined, string | null>;
    /** Layout type returned at sign-in: classic | functional | blend | plain (SystemTheme). */
    theme: ColumnType<string | null, string | null | undefined, string | null>;
    /** The chosen supplier identity (SwitchSupply); one of the user's user_supply rows. */
    current_supply: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface Database {
    personal_setting: PersonalSettingTable;
    user_supply: UserSupplyTable;
  }
}
