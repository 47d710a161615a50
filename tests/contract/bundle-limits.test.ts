import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 18 item 5 "the bundle limits as a test over dist/ after the build": no JS chunk the app can load is over
 * 250 KB gzip -9, exceljs included (its polyfill-free bundle, loaded only by the 采购申请 export). Reads `dist/` (npm test builds it first);
 * without one it builds into a temporary folder. Only chunks reachable from index.html count (a build with
 * --emptyOutDir=false leaves older files beside the current ones).
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const LIMIT_KB = 250;
let tmp: string | undefined;
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The dist folder to measure: the repository's, or a fresh build in a temporary folder. */
async function distFolder(): Promise<string> {
  const dist = join(ROOT, 'dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  tmp = mkdtempSync(join(tmpdir(), 'kd-bundle-limits-'));
  await build({ root: ROOT, logLevel: 'silent', build: { outDir: tmp, emptyOutDir: true } });
  return tmp;
}

/** The JS files of `dist/assets` reachable from index.html through the chunks' static and dynamic imports. */
function reachableScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const names = (text: string) => [...text.matchAll(/(?:\.\/|assets\/)([\w$~.-]+\.js)\b/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const queue = names(html);
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name) || !existsSync(join(dist, 'assets', name))) continue;
    seen.add(name);
    queue.push(...names(readFileSync(join(dist, 'assets', name), 'utf8')));
  }
  return [...seen];
}

describe('bundle limits (issue 18 item 5)', () => {
  it('no chunk the app loads is over 250 KB gzip', async () => {
    const dist = await distFolder();
    const files = reachableScripts(dist);
    expect(files.some((f) => f.startsWith('ag-grid'))).toBe(true);
    const sizes = files.map((f) => ({ file: f, gzipKB: gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length / 1024 }));
    const over = sizes.filter((s) => s.gzipKB > LIMIT_KB).map((s) => `${s.file} ${s.gzipKB.toFixed(1)} KB`);
    expect(over).toEqual([]);
  }, 180_000);
});
