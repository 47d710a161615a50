import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The `report` table (migration 0600_report; issue 16 item 2). */
export interface ReportTable {
  id: string;
  full_name: string;
  en_code: string;
  /** enCode of a `dataReport` dictionary item ('' when none). */
  category: Generated<string>;
  /** JSON text of ReportConfig. */
  config: Generated<string>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: Stamp;
  created_by: string | null;
  updated_at: OptStamp;
  updated_by: string | null;
  /** In the recycle bin since (migration 0678 renamed 0600's deleted_at; _shared/config-bins.ts), and who moved it there. */
  f_deleted_at: OptStamp;
  f_deleted_by: string | null;
  /** Migration 0678 (issue 27; _shared/row-version.ts): 1, +1 in every accepted update's own statement. */
  f_version: Generated<number>;
}

declare module '../../db/types' {
  /** report joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    report: ReportTable;
  }
}

/** A parameter of the report's parameter form: `@name` / `{name}` / `${name}` in SQL, `param` in filters. */
export interface ReportParameter {
  /** An identifier (letters, digits, underscore; not starting with a digit). */
  name: string;
  label: string;
  /** The value's type: text, number, date (YYYY-MM-DD) or select (one of `options`' ids). */
  type: 'text' | 'number' | 'date' | 'select';
  options?: Array<{ id: string; fullName: string }>;
  /** Used when the caller sends no value; for a date, `today`, `monthStart`, `yearStart` or `-Nd` are relative. */
  default?: string | number | null;
  required?: boolean;
}

/** A filter of a model or source dataset: `field op value`, the value a literal or a parameter (`param`). */
export interface ReportFilter {
  field: string;
  op: '=' | '<>' | '>' | '>=' | '<' | '<=' | 'like';
  value?: string | number | null;
  param?: string;
}

/** Where the rows come from (one of). */
export type ReportDataset =
  | { type: 'sql'; sql: string }
  | { type: 'interface'; interfaceId: string }
  | { type: 'model'; modelId: string; filters?: ReportFilter[] }
  | { type: 'source'; source: string; filters?: ReportFilter[] };

/** Cell formats (the engine's formatters): number (2 decimals), thousands (separators, 2 decimals), percent, date, moneyCapital (大写金额). */
export type ReportFormat = 'number' | 'thousands' | 'percent' | 'date' | 'moneyCapital';

/** A column of the result. */
export interface ReportColumn {
  field: string;
  label: string;
  format?: ReportFormat | null;
  /** px */
  width?: number | null;
  align?: 'left' | 'center' | 'right' | null;
}

/** An aggregate of one column in group subtotals and the grand total. */
export interface ReportAggregate {
  field: string;
  fn: 'sum' | 'avg' | 'count' | 'max' | 'min';
}

/** Grouping: rows sorted by `fields`, a subtotal row after each group (per level), a grand total at the end. */
export interface ReportGrouping {
  fields: string[];
  aggregates: ReportAggregate[];
  /** Default true. */
  subtotals?: boolean;
  /** Default true. */
  grandTotal?: boolean;
}

/** An optional chart: categories from `categoryField`, one series per `seriesField` value (or one), values summed. */
export interface ReportChart {
  type: 'bar' | 'line' | 'pie';
  categoryField: string;
  seriesField?: string | null;
  valueField: string;
  title?: string | null;
}

/** A report's definition (the `config` column). */
export interface ReportConfig {
  parameters: ReportParameter[];
  dataset: ReportDataset;
  columns: ReportColumn[];
  grouping: ReportGrouping | null;
  chart: ReportChart | null;
}

/** A report as it travels (GET /api/datareport/Data/{id}); times in epoch ms. The config also spread flat for JNPF-like clients. */
export interface Report {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  config: ReportConfig;
  creatorTime: number;
  lastModifyTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

/** A list row (GET /api/datareport/Data): the report without its config. */
export type ReportRow = Omit<Report, 'config'> & { categoryName: string; creatorUser: string };
