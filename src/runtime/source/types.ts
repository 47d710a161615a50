import type { Envelope } from '../../api/client';
import type { DataChangeEntry, ImportRowError, ListPage, ListQuery, ModelData, RecycleRecord } from '../../api/onlineDev';
import type { Downloaded } from '../../api/transfer';
import type { PageAction, ResourceTree } from '../../../schemas/page';

/** The export body of a list (the list query without paging, the chosen columns and optionally the chosen rows). */
export interface ExportBody {
  selectKey: string[];
  ids?: string[];
  query: Omit<ListQuery, 'currentPage' | 'pageSize'>;
}

/**
 * Where a list and a form read and write records (issue 26 item 1): one interface, two implementations — a designed
 * model's OnlineDev routes ({@link onlineDevSource}) or the REST calls of a built-in area ({@link resourceSource}).
 * Optional members are capabilities: the runtime hides what a source cannot do (no 导出 without `exportData`, no
 * 回收站 without `recycle`, no 变更记录 without `dataChange`…). Every call rejects with ApiError as src/api/client.ts does
 * (already toasted unless noted).
 */
export interface RecordSource {
  /** A stable key (model id or page code) for per-page client state such as column settings. */
  key: string;
  /** One page of records (design.md §6 list reply; a bare-array answer becomes one page). */
  list(query: ListQuery): Promise<ListPage>;
  /** One record by id. */
  get(id: string): Promise<ModelData>;
  /** Creates a record; resolves the envelope (msg 新建成功). Rejects 400 with `data.errors` for field errors. */
  create?(record: ModelData): Promise<Envelope<unknown>>;
  /** Updates a record (with `version` when the source has versions); resolves the envelope (msg 修改成功). */
  update?(id: string, record: ModelData): Promise<Envelope<unknown>>;
  /** Deletes one record; `version` as the list showed it (issue 27). */
  remove?(id: string, version?: number): Promise<Envelope<unknown>>;
  /** Deletes several records `{ ids, versions? }`. */
  batchRemove?(ids: string[], versions?: Record<string, number>): Promise<Envelope<unknown>>;
  /** The .xlsx of the chosen columns for the current query or rows. */
  exportData?(body: ExportBody, fallbackName: string): Promise<Downloaded>;
  /** The sub-tables a model export may include (quiet: [] on failure). */
  subTables?(): Promise<Array<{ prop: string; label: string }>>;
  /** The import template file. */
  template?(fallbackName: string): Promise<Downloaded>;
  /** Imports a file (multipart `file`); resolves the envelope whatever its code (200 `{count}`, 400 `{errors}`). */
  importData?(file: File, onProgress?: (fraction: number) => void): Promise<Envelope<{ count?: number; errors?: ImportRowError[]; users?: ImportedAccount[] } | null>>;
  /** Imports a file that replaces the records the caller may delete (they go to the recycle bin; issue 27 item 2); as importData. */
  replaceData?: RecordSource['importData'];
  /** The recycle bin (issue 27 item 2). */
  recycle?: {
    list(query: { currentPage: number; pageSize: number; keyword?: string }): Promise<{ list: RecycleRecord[]; pagination: ListPage['pagination'] }>;
    restore(ids: string[]): Promise<Envelope<{ count: number }>>;
    /** The bin holds the caller's own rows and needs no btn_recycle (schemas/page.ts RecycleCallSchema). */
    open?: boolean;
    /** The bin's own columns (prop, label) when its rows are not the list's (RecycleCallSchema `columns`). */
    columns?: Array<{ prop: string; label: string }>;
  };
  /** A record's change history, newest first (issue 4 item 4). */
  dataChange?(id: string, query?: { currentPage?: number; pageSize?: number }): Promise<{ list: DataChangeEntry[]; pagination?: ListPage['pagination'] }>;
  /** A state switch column: `field` (1 on / 0 off) shown as a switch, `toggle` flips it (gated by `button`). */
  state?: { field: string; button: string; toggle(row: ModelData): Promise<Envelope<unknown>> };
  /** Extra row and toolbar actions (schemas/page.ts PageAction), run with {@link RecordSource.run}. */
  actions?: PageAction[];
  /** Runs a `call`, `download` or `upload` action on a row (or the toolbar, `row` undefined). */
  run?(action: PageAction, row?: ModelData, file?: File): Promise<Envelope<unknown> | Downloaded>;
  /** The key under which rows nest their child rows (ResourceList `children`): the list shows them as a tree. */
  rowChildren?: string;
  /** The tree filter beside the list (built-in pages), with its node loader. */
  tree?: ResourceTree & { load(): Promise<unknown[]> };
}

/** A user account an import created, with its initial password (users' Excel import; shown once by the 导入 dialog). */
export interface ImportedAccount {
  account: string;
  realName: string;
  password: string;
}
