import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Loads every `NNNN_name.ts` file of server/src/db/migrations/ (sorted by name); each exports `up` (and `down`).
 * A module adds a migration by dropping a file there: no registration.
 */
export class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string = MIGRATIONS_DIR) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((f) => /^\d{4}_[\w-]+\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts')).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      const mod = (await import(pathToFileURL(`${this.dir}${f}`).href)) as Partial<Migration>;
      if (typeof mod.up !== 'function') throw new Error(`migration ${f} exports no up()`);
      out[f.replace(/\.(ts|js|mjs)$/, '')] = { up: mod.up, down: mod.down };
    }
    return out;
  }
}

/**
 * Runs all pending migrations (Kysely Migrator, table `kysely_migration`).
 * @throws the first migration error (the failing migration is rolled back).
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
