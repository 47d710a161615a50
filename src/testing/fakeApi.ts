import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake API received. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A route answer: an envelope object (sent as HTTP 200 JSON), or `{ status }` for a bare HTTP status. */
export type Answer = Record<string, unknown> | { status: number };
/** A route handler: gets the request, returns the answer. */
export type Handler = (req: SeenRequest) => Answer | Promise<Answer>;

/** A tiny HTTP server for component tests: real HTTP exchanges (CORS open for happy-dom), routes by `METHOD /path`. */
export interface FakeApi {
  url: string;
  seen: SeenRequest[];
  routes: Map<string, Handler>;
  /** Sets the answer of `METHOD /path` (path without query). */
  on: (route: string, handler: Handler | Answer) => void;
  close: () => Promise<void>;
}

/** Starts a fake API on a free local port. Unknown routes answer HTTP 404. */
export async function startFakeApi(): Promise<FakeApi> {
  const routes = new Map<string, Handler>();
  const seen: SeenRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept-Language');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const seenReq: SeenRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    seen.push(seenReq);
    const handler = routes.get(`${seenReq.method} ${seenReq.path}`);
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    const answer = await handler(seenReq);
    const rawAnswer = (answer as { __raw?: { body: string | Uint8Array; headers: Record<string, string> } }).__raw;
    if (rawAnswer) {
      res.writeHead(200, { 'Access-Control-Expose-Headers': 'Content-Disposition', ...rawAnswer.headers }).end(rawAnswer.body);
      return;
    }
    if (typeof (answer as { status?: unknown }).status === 'number' && !('code' in answer)) {
      res.writeHead((answer as { status: number }).status).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    routes,
    on: (route, h) => routes.set(route, typeof h === 'function' ? (h as Handler) : () => h),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A raw answer (e.g. a file): `raw(body, headers)` sends the bytes as they are with HTTP 200. */
export const raw = (body: string | Uint8Array, headers: Record<string, string> = {}) => ({ __raw: { body, headers } });

/** An envelope `{ code: 200, msg, data }`. */
export const ok = (data: unknown, msg = 'Success') => ({ code: 200, msg, data });
/** An error envelope `{ code, msg, data }`. */
export const fail = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/**
 * A fetch that buffers the reply body: happy-dom's Response.clone() of a network body loses it, and ky clones the
 * response for its hooks. Pass it to `configureClient({ fetch })` in DOM tests.
 */
export const bufferedFetch: typeof fetch = async (input, init) => {
  const r = await globalThis.fetch(input, init);
  const text = await r.text();
  return new Response(text, { status: r.status, statusText: r.statusText, headers: r.headers });
};
