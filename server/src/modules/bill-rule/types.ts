import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The `bill_rule` table (migration 0110_bill_rule; spec 001 §3 "Bill-number rule"). */
export interface BillRuleTable {
  id: string;
  full_name: string;
  en_code: string;
  prefix: Generated<string>;
  /** '' (no date part), 'YYYY', 'YYYYMM' or 'YYYYMMDD' (dayjs tokens). */
  date_format: Generated<string>;
  /** Sequence width; the sequence is left-padded with zeros to this many digits. */
  digit: Generated<number>;
  /** First sequence of every period. */
  start_number: Generated<number>;
  /** Last sequence issued, in `current_period`; null before the first number. */
  current_number: number | null;
  /** Period key (the date formatted with date_format; '' without date part) of `current_number`. */
  current_period: string | null;
  description: string | null;
  sort_code: Generated<number>;
  /** 1 enabled, 0 disabled (a disabled rule issues no numbers). */
  enabled_mark: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: string | null;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_by: string | null;
  /** Migration 0668 (issue 27; _shared/row-version.ts): 1, +1 in every accepted update's own statement. */
  f_version: Generated<number>;
  /** Migration 0668: set when the rule is in the recycle bin (_shared/config-bins.ts), with who moved it there. */
  f_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  f_deleted_by: string | null;
}

/** The slice of the database this module uses; `Database` (server/src/db) includes it. */
export interface BillRuleDatabase {
  bill_rule: BillRuleTable;
}

/** The application's Kysely instance or a transaction of it (Database includes bill_rule, see below). */
export type BillRuleDb = Kysely<Database>;

declare module '../../db/types' {
  /** bill_rule joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    bill_rule: BillRuleTable;
  }
}
