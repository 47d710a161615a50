/**
 * B13 (reference/performance.md §7): the gzip size of the JavaScript the sign-in route loads, against React + ReactDOM
 * alone built the same way. Goal ≤ 4× (issue 5 item 10).
 *
 * Subject: `vite build` of the app into a temporary folder; the JS of /login is the entry script of index.html plus
 * every `<link rel="modulepreload">` it lists (the sign-in page is in the entry chunk; everything else is lazy).
 * Baseline: a one-line React + ReactDOM entry (createRoot + render) built by the same Vite (same minifier, same
 * target) and measured the same way. Sizes are gzip level 9 of each file, summed.
 *
 * Run: `node --import tsx bench/bundle.ts` (about 15 s). Prints a JSON line and a table row; exits 1 over the goal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = new URL('..', import.meta.url).pathname;
/** The goal ratio (B13). */
export const GOAL_RATIO = 4;

/** The JS files a page of `dist` loads first: the entry module script and its modulepreloads, as paths under `dist`. */
export function initialScripts(indexHtml: string): string[] {
  const out = new Set<string>();
  for (const m of indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]);
  for (const m of indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]);
  return [...out].filter((p) => p.endsWith('.js'));
}

/** gzip -9 size in bytes of the initial scripts of the build in `dist`; also returns the file count. */
export function initialGzipBytes(dist: string): { bytes: number; files: number; raw: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  let bytes = 0;
  let raw = 0;
  const files = initialScripts(html);
  for (const f of files) {
    const buf = readFileSync(join(dist, f.replace(/^\//, '')));
    raw += buf.length;
    bytes += gzipSync(buf, { level: 9 }).length;
  }
  return { bytes, files: files.length, raw };
}

async function buildApp(outDir: string): Promise<void> {
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
}

async function buildBaseline(dir: string, outDir: string): Promise<void> {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(dir, 'main.js'), "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('div', null, 'hello'));\n");
  await build({ root: dir, configFile: false, logLevel: 'silent', resolve: { alias: { react: join(ROOT, 'node_modules/react'), 'react-dom': join(ROOT, 'node_modules/react-dom') } }, build: { outDir, emptyOutDir: true } });
}

/** Builds both, measures, prints the result; resolves `{ subjectKB, baselineKB, ratio }`. */
export async function runBundleBench(): Promise<{ subjectKB: number; baselineKB: number; ratio: number; files: number }> {
  const tmp = mkdtempSync(join(tmpdir(), 'kd-bench-bundle-'));
  try {
    await buildApp(join(tmp, 'app'));
    await buildBaseline(tmp, join(tmp, 'base'));
    const subject = initialGzipBytes(join(tmp, 'app'));
    const baseline = initialGzipBytes(join(tmp, 'base'));
    const result = { subjectKB: +(subject.bytes / 1024).toFixed(1), baselineKB: +(baseline.bytes / 1024).toFixed(1), ratio: +(subject.bytes / baseline.bytes).toFixed(2), files: subject.files };
    console.log(JSON.stringify({ bench: 'B13 initial JS (/login)', ...result, goal: `<= ${GOAL_RATIO}x` }));
    console.log(`| B13 initial JS of /login (gzip) | ${result.subjectKB} KB in ${result.files} files | React+ReactDOM ${result.baselineKB} KB | ${result.ratio}× | ≤${GOAL_RATIO}× |`);
    return result;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runBundleBench();
  process.exitCode = r.ratio <= GOAL_RATIO ? 0 : 1;
}
