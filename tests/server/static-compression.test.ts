import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';

describe('serving the built client compressed (issue 5 item 10)', () => {
  it('sends the precompressed .br or .gz file the browser accepts, else the plain file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kd-client-'));
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>KD</title>');
    await writeFile(join(dir, 'app.js'), js);
    await writeFile(join(dir, 'app.js.br'), brotliCompressSync(js));
    await writeFile(join(dir, 'app.js.gz'), gzipSync(js));
    const c = await createTestApp({ appOptions: { serveClient: true, clientDir: dir } });
    try {
      const br = await c.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const gz = await c.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await c.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await c.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
