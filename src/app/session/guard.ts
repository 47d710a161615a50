/** Routes open without sign-in (spec 000 §2; /formShortLink: a model's public form link, issue 18 item 7). */
export const OPEN_ROUTES = ['/login', '/formShortLink', '/auth-redirect', '/jump', '/Register', '/RegisterForm', '/system/msgRedirection', '/video', '/system/companyMsg', '/extend/graphDemo'];

/** The session facts the guard looks at. */
export interface GuardState {
  token: string | null;
  locked: boolean;
  /** True once CurrentUser has been loaded. */
  userLoaded: boolean;
  changePwdTimes: number | null;
}

/** What the guard decides for one navigation. */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Store `token` (from /home?token=) and go on to `to` (the link's `redirect`, else /home). */
  | { kind: 'adoptToken'; token: string; to: string }
  /** Load CurrentUser, then decide again. */
  | { kind: 'loadUser' };

/** `/login?redirect=<path+search>` (spec 000 §2). */
export function loginRedirect(path: string, search = ''): string {
  const target = `${path}${search}`;
  return target === '/' || target === '/login' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** A `redirect` query value if it is an in-app path (no scheme, no `//host`), else `/`. */
export function safeRedirect(target: string | null | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') && target !== '/login' ? target : '/';
}

/** True when the page opens on a token link (`#/home?token=…`): the guard adopts that token (no cross-tab check). */
export function opensWithToken(hash: string): boolean {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  return path === '/home' && !!new URLSearchParams(search).get('token');
}

/**
 * The route guard of spec 000 §2 as a pure function of the path, its query and the session:
 * /home?token= adopts the token and goes on to its `redirect` (an in-app path, else /home; the link JNPF's client opens
 * for our own screens, server oauth/jnpf-menus.ts; with the token already held it just goes there); signed in: /login → its `redirect` or /, locked → /lockScreen, user not loaded → load,
 * counter 0 → /ChangePassword; signed out: open routes pass, anything else → /login?redirect=.
 */
export function decideRoute(path: string, search: string, s: GuardState): GuardDecision {
  const query = new URLSearchParams(search);
  const qToken = path === '/home' ? query.get('token') : null;
  const onward = query.has('redirect') ? safeRedirect(query.get('redirect')) : '/home';
  if (qToken && qToken !== s.token) return { kind: 'adoptToken', token: qToken, to: onward };
  if (qToken && onward !== '/home') return { kind: 'redirect', to: onward };
  if (!s.token) {
    if (OPEN_ROUTES.includes(path)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginRedirect(path, search) };
  }
  if (path === '/login') return { kind: 'redirect', to: safeRedirect(query.get('redirect')) };
  if (s.locked && path !== '/lockScreen') return { kind: 'redirect', to: '/lockScreen' };
  if (!s.locked && path === '/lockScreen') return { kind: 'redirect', to: '/' };
  if (OPEN_ROUTES.includes(path)) return { kind: 'allow' };
  if (!s.userLoaded) return { kind: 'loadUser' };
  if (s.changePwdTimes === 0 && path !== '/ChangePassword' && path !== '/lockScreen') return { kind: 'redirect', to: '/ChangePassword' };
  return { kind: 'allow' };
}
