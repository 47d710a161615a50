import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Builds a benchmark page (a folder with index.html, e.g. bench/designer) with vite into a temporary folder; returns it. */
export async function buildBenchPage(root: string): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'kd-bench-page-'));
  await build({ root, base: './', configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 } });
  return out;
}

/** Serves a built folder on 127.0.0.1 (random port); `url` ends with '/'. */
export function serveFolder(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = readFileSync(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}
