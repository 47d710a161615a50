import type { CurrentUser } from '../../api/oauth';

/**
 * The CurrentUser request index.html starts before any script has loaded (issue 5 item 10, bench/lcp.ts): when this
 * tab already holds the session (the token in local and session storage), an inline script fetches
 * `/api/oauth/CurrentUser` with the same headers the client sends and keeps `{ token, response }` on
 * `window.__kdCurrentUser`. Saves the entry script's download and start-up (about 2 s on a throttled mobile) before
 * the home page's data is asked for.
 */
interface Prefetched {
  token: string;
  response: Promise<Response>;
}

/**
 * Takes the prefetched CurrentUser answer once: its data when it was asked with `token` and answered HTTP 200 with
 * body code 200 (spec 000 §7), else null — the caller then makes the ordinary request, which handles every error the
 * usual way (600/601/602, messages). Never rejects.
 */
export async function takePrefetchedUser(token: string | null): Promise<CurrentUser | null> {
  const w = globalThis as { __kdCurrentUser?: Prefetched };
  const p = w.__kdCurrentUser;
  delete w.__kdCurrentUser;
  if (!p || !token || p.token !== token) return null;
  try {
    const r = await p.response;
    if (!r.ok) return null;
    const body = (await r.json()) as { code?: number; data?: CurrentUser };
    return body.code === 200 && body.data?.userInfo ? body.data : null;
  } catch {
    return null;
  }
}
