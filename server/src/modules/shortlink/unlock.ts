import { createHash, createHmac } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { sameSecret } from './encryption';
import type { OpenLink } from './store';

/**
 * The page a visitor unlocked with its password (issue 18 item 7), for JNPF 3.4's client: its public pages call
 * checkPwd once and then create (form) or ListLink/DataChange (query) without the password (Mnxhp
 * src/views/formShortLink/form/index.vue handleLogin → submitForm). A successful checkPwd therefore sets an
 * HttpOnly, SameSite=Strict cookie scoped to /api/visualdev/ShortLink, valid UNLOCK_SECONDS: `<expiry s>.<HMAC>`,
 * the HMAC-SHA256 of the page kind, the expiry and the page's stored password hash under the link's random token.
 * Stateless, so every instance accepts it; changing or removing the page's password, or the link's token, voids it.
 * Our own page sends X-Link-Password instead.
 */

/** How long an unlock lasts (seconds): 12 hours. */
export const UNLOCK_SECONDS = 12 * 3600;

const PATH = '/api/visualdev/ShortLink';

/** The cookie's name for a link page: `kd_sl_<form|list>_<12 hex of the model id's SHA-256>`. */
function cookieName(link: OpenLink): string {
  return `kd_sl_${link.type}_${createHash('sha256').update(link.row.id).digest('hex').slice(0, 12)}`;
}

function hashOf(link: OpenLink): string {
  return (link.type === 'form' ? link.row.password_hash : link.row.column_password_hash) ?? '';
}

function signature(link: OpenLink, expiry: number): string {
  return createHmac('sha256', link.row.token).update(`unlock|${link.type}|${expiry}|${hashOf(link)}`).digest('hex').slice(0, 32);
}

/** The Set-Cookie value that unlocks `link`'s page for UNLOCK_SECONDS (Secure when the request came over https). */
export function unlockCookie(link: OpenLink, secure: boolean, now = Date.now()): string {
  const expiry = Math.floor(now / 1000) + UNLOCK_SECONDS;
  return serialize(cookieName(link), `${expiry}.${signature(link, expiry)}`, { path: PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: UNLOCK_SECONDS });
}

/** True when the request's Cookie header holds a valid, unexpired unlock of `link`'s page. */
export function isUnlocked(link: OpenLink, cookieHeader: unknown, now = Date.now()): boolean {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > 8192) return false;
  const value = parse(cookieHeader)[cookieName(link)];
  const m = typeof value === 'string' ? /^(\d{1,12})\.([0-9a-f]{32})$/.exec(value) : null;
  if (!m) return false;
  const expiry = Number(m[1]);
  return expiry * 1000 > now && sameSecret(m[2], signature(link, expiry));
}
