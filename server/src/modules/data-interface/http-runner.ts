import type { Db } from '../../db/types';
import { checkOutboundUrl, isOutboundError, type OutboundError, outboundRequest, type Resolver } from '../../lib/outbound';
import { fail } from './messages';

/**
 * Calls external data interfaces (dataType 3, field source type 3; issue 4 item 7) through the guarded outbound
 * client (lib/outbound, issue 24 item 1): http and https only, the address actually connected to checked (loopback,
 * link-local, multicast, reserved… refused; private and loopback only for hosts on the administrators' allowlist
 * `outboundAllowedHosts`), redirects re-checked hop by hop (at most 5), the timeout of the system settings
 * (`outboundTimeoutMs`, default 10 s) and the answer cap shared with the other interfaces (`dataInterfaceMaxBytes`,
 * default 10 MB).
 */

/** Parses and checks a URL: http(s) only, with a host. Throws 400 (urlScheme / urlBad, field path). */
export function checkUrl(text: string): URL {
  try {
    return checkOutboundUrl(text);
  } catch (e) {
    throw isOutboundError(e) ? inInterfaceTerms(e) : e;
  }
}

/**
 * An outbound error in the data-interface wording (its messages.ts keys), so a form designer reads 接口地址…;
 * the private-address refusal keeps the outbound wording, which names the setting an administrator changes.
 */
function inInterfaceTerms(e: OutboundError): Error {
  const v = e.vars as Record<string, string | number>;
  switch (e.reason) {
    case 'scheme':
      return fail(400, 'urlScheme', {}, { field: 'path' });
    case 'bad':
      return fail(400, 'urlBad', {}, { field: 'path' });
    case 'blocked':
      return fail(400, 'urlBlocked', { host: v.host }, { field: 'path' });
    case 'timeout':
      return fail(400, 'httpTimeout', { seconds: v.seconds });
    case 'tooLarge':
      return fail(400, 'httpTooLarge', { size: v.size });
    case 'redirects':
      return fail(400, 'httpFailed', { detail: 'too many redirects' });
    case 'failed':
      return fail(400, 'httpFailed', { detail: v.detail });
    default:
      return e;
  }
}

/**
 * Calls `target` with `method`; `params` go into the query string (GET) or a JSON body (POST). `db` supplies the
 * outbound settings (allowlist, timeout, cap); without it the defaults apply (no internal host is reachable).
 * Resolves the parsed JSON (or the text when the body is not JSON).
 * @throws 400 urlScheme/urlBad/urlBlocked, the outbound `private` refusal, httpTimeout, httpTooLarge, httpFailed
 *   (HTTP status ≥ 400, too many redirects or a network error).
 */
export async function callExternal(target: string, method: 'GET' | 'POST', params: Record<string, unknown>, db?: Db, resolve?: Resolver): Promise<unknown> {
  const url = checkUrl(target);
  if (method === 'GET') for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  let res: Awaited<ReturnType<typeof outboundRequest>>;
  try {
    res = await outboundRequest(url, {
      method,
      db,
      resolve,
      headers: { accept: 'application/json, text/plain;q=0.5', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(params) : undefined,
    });
  } catch (e) {
    throw isOutboundError(e) ? inInterfaceTerms(e) : e;
  }
  if (res.status >= 400) throw fail(400, 'httpFailed', { detail: `HTTP ${res.status}` });
  const text = res.body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
