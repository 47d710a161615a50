import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';

describe('caching the built client (issue 5 item 10)', () => {
  it('hashed /assets/* are immutable for a year, compressed or not; index.html is revalidated', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kd-client-'));
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    const html = '<!doctype html><title>KD</title><script type="module" src="/assets/index-B1x2y3z4.js"></script>';
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), html);
    await writeFile(join(dir, 'index.html.br'), brotliCompressSync(html));
    await writeFile(join(dir, 'favicon.ico'), 'icon');
    await writeFile(join(dir, 'assets', 'index-B1x2y3z4.js'), js);
    await writeFile(join(dir, 'assets', 'index-B1x2y3z4.js.br'), brotliCompressSync(js));
    await writeFile(join(dir, 'assets', 'index-B1x2y3z4.js.gz'), gzipSync(js));
    await writeFile(join(dir, 'assets', 'index-C9d8e7f6.css'), 'body{}');
    const c = await createTestApp({ appOptions: { serveClient: true, clientDir: dir } });
    const get = (url: string, encoding: string) => c.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const r = await get('/assets/index-B1x2y3z4.js', encoding);
        expect(r.statusCode).toBe(200);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await get('/assets/index-C9d8e7f6.css', 'identity')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const [url, encoding] of [['/', 'br'], ['/', 'identity'], ['/index.html', 'br'], ['/index.html', 'identity']]) {
        const r = await get(url, encoding);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toMatch(/text\/html/);
        expect(r.headers['cache-control']).toBe('no-cache');
      }
      const other = await get('/favicon.ico', 'identity');
      expect(other.statusCode).toBe(200);
      expect(other.headers['cache-control']).not.toMatch(/immutable|31536000/);
      expect((await get('/api/message', 'identity')).headers['cache-control']).toBeUndefined();
    } finally {
      await c.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
