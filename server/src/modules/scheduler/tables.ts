import type { ColumnType, Generated } from 'kysely';

/** Database types of migration 0581_schedule_task, merged into the application's `Database` (db/types.ts convention). */

type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A scheduled job (see the migration). */
export interface ScheduleTaskTable {
  id: string;
  full_name: string;
  en_code: string;
  execute_type: number;
  /** JSON text of ExecuteContent (cron.ts). */
  execute_content: string;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  run_count: Generated<number>;
  last_run_time: Timestamp;
  next_run_time: Timestamp;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
  /** Migration 0667 (issue 27): the row's version and its recycle-bin mark (modules/_shared/runtime-bins.ts). */
  f_version: Generated<number>;
  f_deleted_at: Timestamp;
  f_deleted_by: string | null;
}

/** One run of a job. */
export interface ScheduleTaskLogTable {
  id: string;
  task_id: string;
  due_time: ColumnType<Date, Date | string, Date | string>;
  start_time: ColumnType<Date, Date | string, Date | string>;
  end_time: Timestamp;
  /** 1 success, 0 failure, null running. */
  result: number | null;
  attempts: Generated<number>;
  message: string | null;
  instance: string | null;
}

declare module '../../db/types' {
  interface Database {
    schedule_task: ScheduleTaskTable;
    schedule_task_log: ScheduleTaskLogTable;
  }
}
