import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, request } from 'undici';
import type { Db } from '../../db/types';
import { decide, isIpLiteral } from './address';
import { isOutboundError, type OutboundError, outboundError, sizeText } from './messages';
import { type OutboundSettings, outboundSettings } from './settings';

/**
 * The one guarded HTTP client of the server (issue 24 item 1). Every URL the server fetches goes through
 * `outboundRequest`:
 * - http and https only;
 * - the address actually connected to is checked (address.ts `decide`): an undici Agent whose `connect.lookup`
 *   resolves the name, classifies every address and refuses before any socket opens, so a name that resolves to a
 *   public address for a first look and to 127.0.0.1 at connect time (DNS rebinding) is refused; a literal IP host
 *   (never looked up by Node) goes through the same check before the request;
 * - redirects are not followed by undici: each Location is checked and requested again through the guard, at most
 *   MAX_REDIRECTS times (303, and 301/302 after POST, continue as GET without a body);
 * - one deadline for the whole call (settings.timeoutMs, ms) and a body cap (settings.maxBytes, bytes: the body is
 *   streamed and the call aborted past the cap).
 * Errors are OutboundError (code 400, localized; messages.ts).
 */

/** The most redirects followed in one call. */
export const MAX_REDIRECTS = 5;

/** Resolves a host name to its addresses (dns.lookup with all: true by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** Default resolver: the system's (getaddrinfo, /etc/hosts included). */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Options of one call. */
export interface OutboundOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  headers?: Record<string, string>;
  /** Request body (sent on the first hop and on 307/308 redirects). */
  body?: string | Buffer;
  /** Where the settings come from: the database (sys_config) when given, else the defaults (no allowlist). */
  db?: Db;
  /** Settings overriding the stored ones (tests, callers with their own allowlist). */
  settings?: Partial<OutboundSettings>;
  /** A lower body cap of this caller, bytes (the smaller of this and the setting applies). */
  maxBytes?: number;
  /** Name resolution used for the first look and at connect time (default systemResolver). */
  resolve?: Resolver;
}

/** An answer: final URL, status, headers (lower-case names) and the whole body. */
export interface OutboundResponse {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Parses and checks a URL: http(s) with a host. @throws OutboundError 'bad' | 'scheme'. */
export function checkOutboundUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    throw outboundError('bad');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw outboundError('scheme');
  if (!url.hostname) throw outboundError('bad');
  return url;
}

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** The host (lower case, no brackets) and port a hop connects to. */
interface Target {
  host: string;
  port: number;
}
const targetOf = (url: URL): Target => ({ host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port: portOf(url) });

/** Throws the refusal for connecting to `address` for `t`, if any. */
function assertAllowed(address: string, t: Target, allow: OutboundSettings['allow']): void {
  const d = decide(address, t.host, t.port, allow);
  if (!d) return;
  const vars = { host: t.host, address: d.address.address, range: d.address.range };
  if (d.why === 'refused') throw outboundError('blocked', vars);
  throw outboundError('private', { ...vars, entry: `${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}` });
}

/** Resolves and checks a name (or checks a literal address). @throws OutboundError, or the resolver's error. */
async function checkHost(t: Target, allow: OutboundSettings['allow'], resolve: Resolver): Promise<LookupAddress[]> {
  if (isIpLiteral(t.host)) {
    assertAllowed(t.host, t, allow);
    return [];
  }
  const addresses = await resolve(t.host);
  if (!addresses.length) throw outboundError('failed', { detail: `no address for ${t.host}` });
  for (const a of addresses) assertAllowed(a.address, t, allow);
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An Agent for one hop whose connections resolve `url`'s host through `resolve` and refuse any address the policy
 * refuses. The refusal is kept in `refusal` (undici may wrap the socket error).
 */
function guardedAgent(url: URL, settings: OutboundSettings, resolve: Resolver, refusal: { error?: OutboundError }): Agent {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    checkHost({ host: hostname.toLowerCase(), port: portOf(url) }, settings.allow, resolve).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const fit = family ? all.filter((a) => a.family === family) : all;
        if (!fit.length) return callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        if (options.all) callback(null, fit);
        else callback(null, fit[0].address, fit[0].family);
      },
      (e: unknown) => {
        if (isOutboundError(e)) refusal.error = e;
        callback(e as NodeJS.ErrnoException, []);
      },
    );
  };
  return new Agent({ connect: { lookup: lookup as never, timeout: settings.timeoutMs }, keepAliveTimeout: 1, pipelining: 0 });
}

/** Reads `body` up to `cap` bytes. @throws OutboundError 'tooLarge' past the cap (the stream is destroyed). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void; on(event: 'error', f: () => void): unknown }, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.on('error', () => undefined);
      body.destroy();
      throw outboundError('tooLarge', { size: sizeText(cap) });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Requests `target` through the guard and resolves the final answer (any status; 3xx only when it has no
 * Location). @throws OutboundError: scheme | bad (URL), blocked | private (address policy), redirects (over
 * MAX_REDIRECTS), timeout (settings.timeoutMs), tooLarge (over the body cap), failed (network errors).
 */
export async function outboundRequest(target: string | URL, opts: OutboundOptions = {}): Promise<OutboundResponse> {
  const settings: OutboundSettings = { ...(await outboundSettings(opts.db)), ...opts.settings };
  const cap = Math.min(settings.maxBytes, opts.maxBytes ?? Number.POSITIVE_INFINITY);
  const resolve = opts.resolve ?? systemResolver;
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const timeout = () => outboundError('timeout', { seconds: settings.timeoutMs / 1000 });
  let url = typeof target === 'string' ? checkOutboundUrl(target) : checkOutboundUrl(target.href);
  let method: string = opts.method ?? 'GET';
  let body = opts.body;
  for (let hop = 0; ; hop++) {
    await checkHost(targetOf(url), settings.allow, resolve).catch((e) => {
      throw isOutboundError(e) ? e : outboundError('failed', { detail: e instanceof Error ? e.message : String(e) });
    });
    if (deadline.aborted) throw timeout();
    const refusal: { error?: OutboundError } = {};
    const agent = guardedAgent(url, settings, resolve, refusal);
    try {
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(url, { dispatcher: agent, method: method as 'GET', headers: opts.headers, body, signal: deadline });
      } catch (e) {
        if (refusal.error) throw refusal.error;
        if (deadline.aborted) throw timeout();
        const cause = (e as { cause?: Error })?.cause;
        throw outboundError('failed', { detail: cause?.message || (e instanceof Error ? e.message : String(e)) });
      }
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string' && location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw outboundError('redirects', { max: MAX_REDIRECTS });
        url = checkOutboundUrl(location, url);
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const declared = Number(res.headers['content-length'] ?? '0');
      if (declared > cap) {
        res.body.on('error', () => undefined);
        res.body.destroy();
        throw outboundError('tooLarge', { size: sizeText(cap) });
      }
      try {
        return { url, status: res.statusCode, headers: res.headers, body: await readCapped(res.body, cap) };
      } catch (e) {
        if (isOutboundError(e)) throw e;
        if (deadline.aborted) throw timeout();
        throw outboundError('failed', { detail: e instanceof Error ? e.message : String(e) });
      }
    } finally {
      agent.close().catch(() => undefined);
    }
  }
}
