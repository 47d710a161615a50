import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { schedulerOf } from '../../server/src/modules/scheduler/routes';
import type { TestApp } from './helpers';

/**
 * Helpers of the backup tests (issue 23 item 1): a hash per table of a database (the app's, a restored PGlite folder,
 * a restored PostgreSQL database) and the sha256 of every file of a folder.
 */

/** Runs SQL and returns rows. */
export type Query = <R>(text: string) => Promise<R[]>;

/** Table name → `{ rows, hash }`: md5 over the md5 of every row's text, in sorted order (order-independent). */
export type TableHashes = Record<string, { rows: number; hash: string }>;

/** The hash of every base table of the current schema. */
export async function tableHashes(query: Query): Promise<TableHashes> {
  const tables = await query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
  const out: TableHashes = {};
  for (const { t } of tables) {
    const q = `"${t.replace(/"/g, '""')}"`;
    const [r] = await query<{ n: number; h: string | null }>(`select count(*)::int as n, md5(string_agg(md5(x::text), '' order by md5(x::text))) as h from ${q} x`);
    out[t] = { rows: Number(r.n), hash: r.h ?? '' };
  }
  return out;
}

/**
 * Stops the app's scheduler and writes the request logs waiting in its queue, so neither a scheduled job (the hourly
 * session purge; CI once crossed the hour between a backup and the comparison) nor the log queue's timer (up to 1 s
 * after a request) changes the source between its backup and the comparison.
 */
export async function quiet(t: TestApp): Promise<void> {
  await schedulerOf(t.app.db)?.stop();
  await t.app.sysLog.flush();
}

/** A Query over a test app's database. */
export function appQuery(t: TestApp): Query {
  return async <R>(text: string) => {
    const { sql } = await import('kysely');
    return (await sql.raw<R>(text).execute(t.app.db)).rows;
  };
}

/** Opens a restored database (PGlite folder or PostgreSQL URL), runs `fn` with a Query on it, closes it. */
export async function withRestored<T>(target: { pgdata?: string; databaseUrl?: string }, fn: (q: Query) => Promise<T>): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await fn(async <R>(text: string) => (await client.query(text)).rows as R[]);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create({ dataDir: target.pgdata });
  try {
    return await fn(async <R>(text: string) => (await db.query<R>(text)).rows);
  } finally {
    await db.close();
  }
}

/** Relative path → sha256 of every file under `root` (empty when it does not exist). */
export async function fileHashes(root: string, dir = root): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, await fileHashes(root, abs));
    else if (e.isFile()) out[relative(root, abs)] = createHash('sha256').update(await readFile(abs)).digest('hex');
  }
  return out;
}

/** A multipart body with one `file` part. */
export function multipart(name: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kdbackup${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
