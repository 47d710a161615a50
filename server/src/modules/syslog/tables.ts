import type { ColumnType } from 'kysely';

/**
 * Database types of migration 0580_system_log, merged into the application's `Database` (db/types.ts convention).
 */

/** One system log row (kinds 3 operation, 4 exception, 5 request; see the migration). */
export interface SysLogTable {
  id: string;
  type: number;
  user_id: string | null;
  user_name: string | null;
  ip: string | null;
  user_agent: string | null;
  method: string | null;
  path: string | null;
  /** HTTP status. */
  status: number | null;
  /** The envelope's code (design.md §6): 200 success, 400, 403, 500… */
  body_code: number | null;
  /** Milliseconds from the request's arrival to its answer. */
  duration: number | null;
  module: string | null;
  record_id: string | null;
  action: string | null;
  error_id: string | null;
  message: string | null;
  stack: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../db/types' {
  interface Database {
    sys_log: SysLogTable;
  }
}
