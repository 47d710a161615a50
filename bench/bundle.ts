/**
 * B13 (reference/performance.md §7): the gzip size of the JavaScript the sign-in route loads, against React + ReactDOM
 * alone built the same way. Goal ≤ 4× (issue 5 item 10).
 *
 * Subject: `vite build` of the app into a temporary folder; the JS of /login is the entry script of index.html plus
 * every `<link rel="modulepreload">` it lists (the sign-in page is in the entry chunk; everything else is lazy).
 * Baseline: a one-line React + ReactDOM entry (createRoot + render) built by the same Vite (same minifier, same
 * target) and measured the same way. Sizes are gzip level 9 of each file, summed.
 *
 * B13c (issue 18 item 5, same build): no JS chunk over {@link CHUNK_LIMIT_KB} KB gzip -9, except the chunks of
 * {@link LAZY_ONLY} (loaded only by an action: exceljs by export/import); and, for the record, the JS the model page
 * adds when it opens (the static-import closure of src/app/views/ModelPage.tsx in Vite's manifest, minus the entry's).
 *
 * Run: `node --import tsx bench/bundle.ts` (about 15 s). Prints JSON lines and table rows; exits 1 over a goal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = new URL('..', import.meta.url).pathname;
/** The goal ratio (B13). */
export const GOAL_RATIO = 4;

/** The gzip limit of one JS chunk in KB (issue 18 item 5). */
export const CHUNK_LIMIT_KB = 250;
/** Chunks loaded only by a user action, allowed over {@link CHUNK_LIMIT_KB}: exceljs (Excel export/import). */
export const LAZY_ONLY = /^assets\/exceljs/;

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The chunk sizes of a build made with `manifest: true`: the largest JS chunks (gzip -9 KB), those over the limit that
 * are not lazy-only, and the model page's own JS (ModelPage's static imports not already in the entry), raw and gzip KB.
 */
export function chunkReport(dist: string): { largest: Array<{ file: string; gzipKB: number }>; over: string[]; modelPage: { files: number; rawKB: number; gzipKB: number } } {
  const m = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gz = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    if (!gz.has(file)) {
      const buf = readFileSync(join(dist, file));
      gz.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
    }
    return gz.get(file) as { raw: number; gzip: number };
  };
  const kb = (n: number) => +(n / 1024).toFixed(1);
  const chunks = [...new Set(Object.values(m).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const sized = chunks.map((file) => ({ file, gzipKB: kb(sizeOf(file).gzip) })).sort((a, b) => b.gzipKB - a.gzipKB);
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const walk = (k: string) => {
      if (seen.has(k) || !m[k]) return;
      seen.add(k);
      for (const i of m[k].imports ?? []) walk(i);
    };
    for (const k of keys) walk(k);
    return seen;
  };
  const entry = closure(Object.keys(m).filter((k) => m[k].isEntry));
  const pageKey = Object.keys(m).find((k) => k.endsWith('src/app/views/ModelPage.tsx'));
  const page = [...closure(pageKey ? [pageKey] : [])].filter((k) => !entry.has(k)).map((k) => sizeOf(m[k].file));
  return {
    largest: sized.slice(0, 5),
    over: sized.filter((c) => c.gzipKB > CHUNK_LIMIT_KB && !LAZY_ONLY.test(c.file)).map((c) => `${c.file} ${c.gzipKB} KB`),
    modelPage: { files: page.length, rawKB: kb(page.reduce((a, c) => a + c.raw, 0)), gzipKB: kb(page.reduce((a, c) => a + c.gzip, 0)) },
  };
}

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
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
}

async function buildBaseline(dir: string, outDir: string): Promise<void> {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(dir, 'main.js'), "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('div', null, 'hello'));\n");
  await build({ root: dir, configFile: false, logLevel: 'silent', resolve: { alias: { react: join(ROOT, 'node_modules/react'), 'react-dom': join(ROOT, 'node_modules/react-dom') } }, build: { outDir, emptyOutDir: true } });
}

/** Builds both, measures, prints the result; resolves `{ subjectKB, baselineKB, ratio }`. */
export async function runBundleBench(): Promise<{ subjectKB: number; baselineKB: number; ratio: number; files: number; chunksOver: string[] }> {
  const tmp = mkdtempSync(join(tmpdir(), 'kd-bench-bundle-'));
  try {
    await buildApp(join(tmp, 'app'));
    await buildBaseline(tmp, join(tmp, 'base'));
    const subject = initialGzipBytes(join(tmp, 'app'));
    const baseline = initialGzipBytes(join(tmp, 'base'));
    const result = { subjectKB: +(subject.bytes / 1024).toFixed(1), baselineKB: +(baseline.bytes / 1024).toFixed(1), ratio: +(subject.bytes / baseline.bytes).toFixed(2), files: subject.files };
    console.log(JSON.stringify({ bench: 'B13 initial JS (/login)', ...result, goal: `<= ${GOAL_RATIO}x` }));
    console.log(`| B13 initial JS of /login (gzip) | ${result.subjectKB} KB in ${result.files} files | React+ReactDOM ${result.baselineKB} KB | ${result.ratio}× | ≤${GOAL_RATIO}× |`);
    const chunks = chunkReport(join(tmp, 'app'));
    console.log(JSON.stringify({ bench: 'B13c largest JS chunks (gzip -9 KB)', ...chunks, limitKB: CHUNK_LIMIT_KB }));
    const top = chunks.largest.find((c) => !LAZY_ONLY.test(c.file));
    console.log(`| B13c largest JS chunk, gzip (lazy-only exceljs aside) | ${top?.file} ${top?.gzipKB} KB | limit ${CHUNK_LIMIT_KB} KB | ${((top?.gzipKB ?? 0) / CHUNK_LIMIT_KB).toFixed(2)} | ≤ 1 | ${chunks.over.length ? 'no' : 'yes'} |`);
    console.log(`| B13m JS the model page adds (ModelPage imports minus the entry) | ${chunks.modelPage.gzipKB} KB gzip (${chunks.modelPage.rawKB} KB raw) in ${chunks.modelPage.files} files | — | — | — |`);
    return { ...result, chunksOver: chunks.over };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runBundleBench();
  process.exitCode = r.ratio <= GOAL_RATIO && !r.chunksOver.length ? 0 : 1;
}
