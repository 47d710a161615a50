import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { fail } from './messages';

/**
 * Calls external data interfaces (dataType 3, field source type 3; issue 4 item 7): http and https only (file:,
 * ftp:, data:, javascript: … are refused), a 10 s timeout, a 2 MiB response cap, redirects followed by hand (at most
 * 3, each target checked again), and no link-local targets (169.254.0.0/16, fe80::/10: cloud metadata services).
 * Loopback and private addresses stay allowed: in-house APIs are the usual external interfaces of a back office.
 */

/** Timeout of one external call, ms. */
export const HTTP_TIMEOUT_MS = 10_000;
/** Largest response body accepted, bytes. */
export const HTTP_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Parses and checks a URL: http(s) only, with a host. Throws 400 (urlScheme / urlBad). */
export function checkUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw fail(400, 'urlBad', {}, { field: 'path' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(400, 'urlScheme', {}, { field: 'path' });
  if (!url.hostname) throw fail(400, 'urlBad', {}, { field: 'path' });
  return url;
}

function linkLocal(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('169.254.');
  return /^fe[89ab]/i.test(address);
}

async function assertReachable(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.some(linkLocal)) throw fail(400, 'urlBlocked', { host }, { field: 'path' });
}

async function readCapped(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > HTTP_MAX_BYTES) throw fail(400, 'httpTooLarge', { size: '2 MB' });
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > HTTP_MAX_BYTES) {
      await reader.cancel().catch(() => {});
      throw fail(400, 'httpTooLarge', { size: '2 MB' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Calls `target` with `method`; `params` go into the query string (GET) or a JSON body (POST).
 * Resolves the parsed JSON (or the text when the body is not JSON).
 * @throws 400 urlScheme/urlBad/urlBlocked, httpTimeout, httpTooLarge, httpFailed (HTTP status ≥ 400 or network error).
 */
export async function callExternal(target: string, method: 'GET' | 'POST', params: Record<string, unknown>): Promise<unknown> {
  let url = checkUrl(target);
  if (method === 'GET') for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      await assertReachable(url);
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          redirect: 'manual',
          signal: controller.signal,
          headers: { accept: 'application/json, text/plain;q=0.5', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          body: method === 'POST' ? JSON.stringify(params) : undefined,
        });
      } catch (e) {
        if (controller.signal.aborted) throw fail(400, 'httpTimeout', { seconds: HTTP_TIMEOUT_MS / 1000 });
        throw fail(400, 'httpFailed', { detail: e instanceof Error ? (e.cause as Error | undefined)?.message || e.message : String(e) });
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        if (hop >= MAX_REDIRECTS) throw fail(400, 'httpFailed', { detail: 'too many redirects' });
        url = checkUrl(new URL(res.headers.get('location')!, url).toString());
        await res.body?.cancel().catch(() => {});
        continue;
      }
      if (res.status >= 400) {
        await res.body?.cancel().catch(() => {});
        throw fail(400, 'httpFailed', { detail: `HTTP ${res.status}` });
      }
      let text: string;
      try {
        text = await readCapped(res);
      } catch (e) {
        if (controller.signal.aborted) throw fail(400, 'httpTimeout', { seconds: HTTP_TIMEOUT_MS / 1000 });
        throw e;
      }
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
