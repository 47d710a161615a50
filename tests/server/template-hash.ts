import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The key of the seeded test database templates (db-template.ts): a hash of the sources a seeded database depends on.
 * Apart from db-template.ts (which imports the server), so a DOM test environment can find the PGlite template file
 * without loading the server. No vitest imports.
 */

/** The repository root (not `new URL('../..', import.meta.url)`: Vite rewrites that pattern in DOM test environments). */
const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** What a seeded database depends on: migrations, seeds, renderers (field configs), schemas, engine, locked deps. */
const TEMPLATE_INPUTS = ['server/src', 'renderers', 'schemas', 'src/engine', 'package-lock.json'];

/** The PGlite template file of source hash `hash` (it may not exist yet). */
export function pgliteTemplateFile(hash: string): string {
  return join(ROOT, 'test-output', `pglite-template-${hash}.tar`);
}

/**
 * A 16-hex hash of the template inputs (db-template.ts memoizes it per process and lets the globalSetup's hash, passed
 * to the workers, win, so every file of a run uses the run's template even while the sources are being edited).
 */
export async function templateSourceHash(): Promise<string> {
  const h = createHash('sha256');
  const walk = async (rel: string): Promise<void> => {
    const abs = join(ROOT, rel);
    const info = await stat(abs).catch(() => null);
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of (await readdir(abs)).sort()) await walk(join(rel, name));
    } else {
      h.update(rel).update('\0').update(await readFile(abs)).update('\0');
    }
  };
  for (const rel of TEMPLATE_INPUTS) await walk(rel);
  return h.digest('hex').slice(0, 16);
}

