import type { ColumnType, Generated } from 'kysely';
import { PAPER_MM, type PrintPage } from '../../../../renderers/print-preview/document';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The `print_dev` table (migration 0520_print_dev; spec 001 §7 "Print templates"). */
export interface PrintDevTable {
  id: string;
  full_name: string;
  en_code: string;
  /** enCode of a `printDev` dictionary item ('' when none). */
  category: Generated<string>;
  /** 1 flow form, 2 function form. */
  type: Generated<number>;
  /** The model whose records the template prints; null → SQL datasets only. */
  model_id: string | null;
  db_link_id: Generated<string>;
  /** JSON array of `{ sql }`. */
  sql_template: Generated<string>;
  /** Sanitised HTML with liquid placeholders. */
  print_template: Generated<string>;
  /** JSON PageParam. */
  page_param: Generated<string>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: Stamp;
  created_by: string | null;
  updated_at: OptStamp;
  updated_by: string | null;
  /** In the recycle bin since (migration 0674 renamed 0520's deleted_at; _shared/config-bins.ts), and who moved it there. */
  f_deleted_at: OptStamp;
  f_deleted_by: string | null;
  /** Migration 0674 (issue 27; _shared/row-version.ts): 1, +1 in every accepted update's own statement. */
  f_version: Generated<number>;
}

declare module '../../db/types' {
  /** print_dev joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    print_dev: PrintDevTable;
  }
}

/**
 * Paper sizes (mm, portrait; spec 001 §7 page setup) and a template's page setup (paper, custom width/height,
 * orientation, margins top/bottom/left/right, mm): the print document's own (renderers/print-preview/document.ts), so
 * the preview and the server PDF read one definition.
 */
export const PAPERS = PAPER_MM;
export type PageParam = PrintPage;

/** One dataset: read-only SQL with `@formId` bound (item 0 = main row, 1..n = sub-table rows). */
export interface SqlItem {
  sql: string;
}

/**
 * A template as it travels (GET /api/system/printDev/{id}); times in epoch ms. The page setup is also spread flat
 * (paper, width, height, orientation, mt, mb, ml, mr) for the admin page's form.
 */
export interface PrintDev extends Partial<PageParam> {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  modelId: string | null;
  dbLinkId: string;
  /** JSON string of SqlItem[] (JNPF's wire shape). */
  sqlTemplate: string;
  printTemplate: string;
  /** JSON string of PageParam. */
  pageParam: string;
  /** The datasets as an array (the admin page's sub-table; the same as sqlTemplate). */
  datasets: SqlItem[];
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number;
  lastModifyTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

/** A list row (GET /api/system/printDev): the template without its HTML and SQL. */
export type PrintDevRow = Omit<PrintDev, 'printTemplate' | 'sqlTemplate' | 'pageParam' | 'datasets'> & { categoryName: string; creatorUser: string };
