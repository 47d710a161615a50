import type { MenuNode } from './current-user';

/**
 * Our own hand-written screens in JNPF v3.4's web client (issue 22). A type-2 menu opens the client's own view at
 * `views/{urlAddress}` (Mnxhp src/store/modules/user.js:142-158), and the client has no view for a screen only we
 * have, so it draws nothing. To JNPF's client such a menu is answered as a type-7 link (外链) with linkTarget `_self`:
 * user.js:203-216 routes `/{enCode}` to views/basic/externalLink, an iframe whose src is `urlAddress` with
 * `${jnpfToken}` replaced by the session token (getToken(), 'Bearer …'). The iframe opens our own client (served at
 * {@link KD_CLIENT_PATH} beside a JNPF build, plugins/jnpf-client.ts) at `/home?token=…&redirect=<screen>`: our route
 * guard adopts the token and goes to the screen (src/app/session/guard.ts), and our shell, when framed, draws the page
 * alone (src/app/shell/ShellLayout.tsx).
 */

/** Where our own client is served beside a JNPF client build (plugins/jnpf-client.ts): its index.html. */
export const KD_CLIENT_PATH = '/kd/';

/** The urlAddresses of our type-2 screens that JNPF's client has no view for (src/app/pages/… only). */
export const OWN_SCREENS: ReadonlySet<string> = new Set(['purchasing/requisition']);

/** The type-7 urlAddress that opens our screen `path` (a menu urlAddress, no leading slash) in JNPF's iframe. */
export function ownScreenLink(path: string): string {
  return `${KD_CLIENT_PATH}#/home?token=\${jnpfToken}&redirect=${encodeURIComponent(`/${path}`)}`;
}

/**
 * The menu tree as JNPF's client is answered (CurrentUser with the `jnpf-origin` header): every type-2 menu of
 * {@link OWN_SCREENS} becomes type 7, linkTarget `_self`, urlAddress {@link ownScreenLink}; id, enCode, names and
 * permissions stay, so the client's route is `/{enCode}`. Returns new nodes; the input is left as it is.
 */
export function jnpfMenus(list: MenuNode[]): MenuNode[] {
  return list.map((m) => {
    const children = jnpfMenus(m.children);
    if (m.type !== 2 || !OWN_SCREENS.has(m.urlAddress)) return { ...m, children };
    return { ...m, children, type: 7, linkTarget: '_self', urlAddress: ownScreenLink(m.urlAddress) };
  });
}
