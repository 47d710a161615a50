import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- name…] [--ref <git-ref>]`: runs every `bench/<name>.bench.ts` (or the named ones) one after
 * another, each in its own Node process (bounded to 10 minutes), and exits non-zero if one failed. Not part of
 * `npm test`. With `--ref`, the code measured is that commit (exported to test-output/bench-src/<sha>, sharing
 * node_modules), with this working tree's bench/ folder: other people's uncommitted changes are left out.
 * Knobs read by the bench files: BENCH_ROUNDS, BENCH_SECONDS, BENCH_ROWS, BENCH_PG, BENCH_ONLY; B17 (`backup`):
 * BENCH_BACKUP_RECORDS (10,000), BENCH_BACKUP_MB (100; the issue's size: 100000 and 1024).
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const refAt = args.indexOf('--ref');
const ref = refAt >= 0 ? args[refAt + 1] : null;
const names = args.filter((a, i) => !a.startsWith('-') && (refAt < 0 || i !== refAt + 1));
const available = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const unknown = names.filter((a) => !available.includes(a));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

/** The folder to run in: the repository, or an export of `ref` with this tree's bench/ and node_modules linked. */
function workDir(): string {
  if (!ref) return root;
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root }).toString().trim();
  const dir = join(root, 'test-output', 'bench-src', sha.slice(0, 12));
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', sha], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  }
  rmSync(join(dir, 'bench'), { recursive: true, force: true });
  cpSync(join(root, 'bench'), join(dir, 'bench'), { recursive: true });
  console.log(`measuring ${ref} (${sha.slice(0, 12)}) in ${dir}`);
  return dir;
}

const cwd = workDir();
let failed = 0;
for (const name of names.length ? names : available) {
  console.log(`\n== bench ${name}`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], { cwd, stdio: 'inherit', timeout: 600_000 });
  console.log(`== bench ${name}: ${r.status === 0 ? 'done' : `failed (${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
