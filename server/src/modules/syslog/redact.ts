/**
 * What a log may keep of a request's address (issue 23 item 2 "passwords, tokens, signed links … never reach a log").
 * A query parameter or path parameter whose name says it is a secret (password, token, sign, secret, a bare key or code…) has
 * its value replaced by `***`; so has any value that looks like a credential whatever its name (a bearer token, a
 * long hex or base64url string, a JWT). Names and the rest of the address stay, so the log still says what was called.
 */

/** Parameter names whose values are secrets. */
export const SECRET_NAME = /pass|pwd|token|secret|sign|ticket|credential|cookie|session|^(key|code|auth|authorization|api_?key|access_?key)$/i;

/** Values that are credentials whatever their name: bearer tokens, 40+ hex or base64url characters (record ids are 36-character UUIDs and stay), JWTs. */
const SECRET_VALUE = /^(bearer\s+\S+|[A-Za-z0-9_-]{40,}|[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})$/i;

/** The mask written in place of a secret. */
export const MASK = '***';

/** True when a value of parameter `name` must not be logged. */
export function isSecret(name: string, value: string): boolean {
  return SECRET_NAME.test(name) || SECRET_VALUE.test(value);
}

/**
 * A path with no segment that SECRET_VALUE could match: no percent-encoding, no `bearer`, and every segment under 32
 * characters (a credential-looking value is 40+, a JWT 32+).
 */
const PLAIN_PATH = /^(?!.*(?:bearer|%))(?:\/[^/]{0,31})*\/?$/i;

/** Masks the secret segments of a path: those bound to secret-named route parameters, or that look like credentials. */
function redactPath(path: string, params: Record<string, unknown> | undefined): string {
  const secretValues = new Set<string>();
  if (params) {
    for (const name in params) {
      const value = params[name];
      if (typeof value === 'string' && value && isSecret(name, value)) secretValues.add(value);
    }
  }
  // Most paths (ids, codes, route words) hold nothing to mask: keep them without splitting and decoding each segment.
  if (!secretValues.size && PLAIN_PATH.test(path)) return path;
  return path
    .split('/')
    .map((seg) => {
      let decoded = seg;
      try {
        decoded = decodeURIComponent(seg);
      } catch {
        /* keep the raw segment */
      }
      return secretValues.has(decoded) || SECRET_VALUE.test(decoded) ? MASK : seg;
    })
    .join('/');
}

/**
 * `url` (path and query, as received) with every secret masked (see the module comment); `params` are the route's
 * path parameters by name. At most 1,000 characters.
 */
export function redactUrl(url: string, params?: Record<string, unknown>): string {
  const q = url.indexOf('?');
  const path = redactPath(q < 0 ? url : url.slice(0, q), params);
  if (q < 0) return path.slice(0, 1000);
  const search = new URLSearchParams(url.slice(q + 1));
  const out: string[] = [];
  for (const [name, value] of search) out.push(`${encodeURIComponent(name)}=${isSecret(name, value) ? MASK : encodeURIComponent(value)}`);
  return `${path}${out.length ? `?${out.join('&')}` : ''}`.slice(0, 1000);
}

/** A free text (an error message) with credential-looking words masked. At most `max` characters. */
export function redactText(text: string, max = 2000): string {
  return text
    .split(/(\s+)/)
    .map((w) => (SECRET_VALUE.test(w.replace(/^["'(]+|["'),.;:]+$/g, '')) ? MASK : w))
    .join('')
    .slice(0, max);
}
