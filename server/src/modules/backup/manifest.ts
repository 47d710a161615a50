import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The manifest of a backup archive (issue 23 item 1): `manifest.json`, the archive's first entry. It names the product
 * and its version, the schema version (the last applied migration, plus every applied one), when it was taken, the
 * database engine, and every other part of the archive with its size (bytes) and sha256 (hex). Restore refuses an
 * archive whose manifest is missing or not ours (foreign), whose parts differ from it (truncated, tampered), or
 * whose schema holds a migration this code does not know (newer).
 */
export interface Manifest {
  /** Always 'kd-backup'. */
  format: typeof FORMAT;
  /** Layout version of the archive; this code reads FORMAT_VERSION only. */
  formatVersion: number;
  /** package.json name and version of the product that took it. */
  product: string;
  productVersion: string;
  /** The last applied migration (by name: migrations are numbered). */
  schemaVersion: string;
  /** Every applied migration, sorted. */
  migrations: string[];
  /** ISO 8601 UTC. */
  createdAt: string;
  /** 'pglite': `database/pgdata.tar.gz` is PGlite's data dir (dumpDataDir); 'postgres': `database/kd.pgdump` is pg_dump's custom format. */
  engine: 'pglite' | 'postgres';
  /** `select version()` of the database backed up. */
  engineVersion: string;
  /** PostgreSQL only: the schema dumped (the server's current_schema). */
  schema?: string;
  /** PostgreSQL only: the extensions of the database and their schemas, created before the restore (database.ts);
   * only RESTORABLE_EXTENSIONS pass manifestProblem (an archive cannot ask a restore to install anything else). */
  extensions?: Array<{ name: string; schema: string }>;
  /** Path of the database part in the archive. */
  database: string;
  /** Every part but the manifest: database first, then `files/<rel_path>` (the file store, design.md §7). */
  parts: ManifestPart[];
}

/** One part of the archive: its path inside it, size in bytes, sha256 hex. */
export interface ManifestPart {
  path: string;
  size: number;
  sha256: string;
}

export const FORMAT = 'kd-backup';
/** Extensions a restore may create (the platform's own: pg_trgm for the keyword indexes, migration 0550). */
export const RESTORABLE_EXTENSIONS: ReadonlySet<unknown> = new Set(['pg_trgm']);
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** Database parts by engine. */
export const DATABASE_PART = { pglite: 'database/pgdata.tar.gz', postgres: 'database/kd.pgdump' } as const;

/** A part path as the archive may hold it: manifest, database part, or `files/` + a relative path without `.` or `..` segments. */
export function isPartPath(path: string): boolean {
  if (path === MANIFEST || path === DATABASE_PART.pglite || path === DATABASE_PART.postgres) return true;
  if (!path.startsWith('files/') || path.length > 500) return false;
  return path
    .slice(6)
    .split('/')
    .every((seg) => /^[\w\-.]+$/.test(seg) && seg !== '.' && seg !== '..');
}

/** Size (bytes) and sha256 (hex) of a file, streamed. */
export async function hashFile(abs: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(abs) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

/** The product's package.json name and version. */
export async function productInfo(): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../../../../package.json', import.meta.url)), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/**
 * Checks that `value` (parsed manifest.json) has the Manifest shape of this format version.
 * @returns the reason it is not ours ('format' | 'version' | 'shape'), or null when it is.
 */
export function manifestProblem(value: unknown, product: string): 'format' | 'version' | 'shape' | null {
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== 'object' || m.format !== FORMAT || m.product !== product) return 'format';
  if (m.formatVersion !== FORMAT_VERSION) return 'version';
  const partOk = (p: unknown) => {
    const q = p as Partial<ManifestPart>;
    return !!q && typeof q.path === 'string' && isPartPath(q.path) && q.path !== MANIFEST && Number.isSafeInteger(q.size) && typeof q.sha256 === 'string' && /^[0-9a-f]{64}$/.test(q.sha256);
  };
  const ok =
    typeof m.schemaVersion === 'string' &&
    Array.isArray(m.migrations) &&
    m.migrations.every((x) => typeof x === 'string') &&
    (m.engine === 'pglite' || m.engine === 'postgres') &&
    m.database === DATABASE_PART[m.engine] &&
    Array.isArray(m.parts) &&
    m.parts.every(partOk) &&
    m.parts.some((p) => p.path === m.database) &&
    new Set(m.parts.map((p) => p.path)).size === m.parts.length &&
    (m.extensions === undefined || (Array.isArray(m.extensions) && m.extensions.every((e) => RESTORABLE_EXTENSIONS.has(e?.name) && typeof e.schema === 'string' && /^[a-z_][a-z0-9_]{0,62}$/.test(e.schema))));
  return ok ? null : 'shape';
}
