import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';

/**
 * Report sources (issue 16 item 2): row sets that server code defines over platform tables a data-source SQL may not
 * read (e.g. purchase requisition lines, purchasing-source.ts), each applying its own module's access check and scope.
 * A report's dataset `{ type: 'source', source: key, filters }` reads one; the report engine wraps the source's query
 * exactly like SQL (group, page, chart) and binds the filters. Sources are registered by key at import time.
 */
export interface ReportSource {
  /** Shown to designers. */
  fullName: string;
  /** The columns it answers: [field, label]. */
  columns: Array<[string, string]>;
  /**
   * The rows `session` may read as one SELECT (a Kysely fragment, values bound), or null when the caller may not use
   * the source at all (→ 404 as a missing report).
   */
  query(db: Db, session: SessionInfo): Promise<RawBuilder<unknown> | null>;
}

const sources = new Map<string, ReportSource>();

/** Registers `source` under `key` (the last registration wins). */
export function registerReportSource(key: string, source: ReportSource): void {
  sources.set(key, source);
}

/** The source `key`, or undefined. */
export function reportSourceOf(key: string): ReportSource | undefined {
  return sources.get(key);
}

/** Every source as `{ id, fullName, columns }` (the admin page's picker). */
export function reportSources(): Array<{ id: string; fullName: string; columns: Array<{ field: string; label: string }> }> {
  return [...sources.entries()].map(([id, s]) => ({ id, fullName: s.fullName, columns: s.columns.map(([field, label]) => ({ field, label })) }));
}
