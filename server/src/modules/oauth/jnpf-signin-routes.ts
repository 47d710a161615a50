import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../plugins/envelope';

/** `GET /api/oauth/getLoginConfig`'s answer: single sign-on and social sign-in, both off here. */
export interface LoginConfig {
  /** true sends the client to `url` for single sign-on. */
  redirect: boolean;
  url: string;
  ticketParams: string;
  socialsList: unknown[];
}

/** `GET /api/oauth/getConfig/{account}`'s answer: whether the sign-in form shows an image code, and its length. */
export interface AccountSignInConfig {
  enableVerificationCode: 0 | 1;
  verificationCodeNumber: number;
}

const MENU_PARAM = { type: 'object', properties: { menuId: { type: 'string', maxLength: 100 } }, required: ['menuId'] } as const;
const ACCOUNT_PARAM = { type: 'object', properties: { account: { type: 'string', maxLength: 100 } }, required: ['account'] } as const;

/**
 * The calls JNPF v3.4's sign-in page and layout make beside Login (issue 22 item 3), in JNPF's shapes (read from
 * wuqingguang0816/Mnxhp src/):
 * - GET /api/oauth/getLoginConfig (public; views/login/index.vue:400-406 reads `redirect`, `url`, `ticketParams`,
 *   `socialsList`) → `{ redirect: false, url: '', ticketParams: '', socialsList: [] }`: no single sign-on, no social
 *   sign-in.
 * - GET /api/oauth/getConfig/{account} (public; views/login/index.vue:245-251 reads `enableVerificationCode`,
 *   `verificationCodeNumber`) → `{ enableVerificationCode: 0, verificationCodeNumber: 4 }` for every account, known or
 *   not (the answer tells nothing about the account). We have no image-code setting, so the code is never asked for.
 * - POST /api/oauth/updatePasswordMessage (signed in; layout/components/AppMain.vue:52 calls it on every page load
 *   and reads nothing) → 200, null: JNPF sends a password-expiry reminder there; we have no password expiry.
 * - GET /api/permission/Authority/GetColumnsByModuleId/{menuId} (signed in; views/basic/dynamicModel/list/index.vue:675
 *   awaits it before a model list's first load, `res.data || []` as the user's own column settings) → [] (no saved
 *   column settings: the list shows the model's columns; saving them, SetColumnsByModuleId, is not offered).
 */
const jnpfSignInRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/oauth/getLoginConfig', { config: { access: 'public' } }, async () => ok<LoginConfig>({ redirect: false, url: '', ticketParams: '', socialsList: [] }));
  app.get('/api/oauth/getConfig/:account', { config: { access: 'public' }, schema: { params: ACCOUNT_PARAM } }, async () => ok<AccountSignInConfig>({ enableVerificationCode: 0, verificationCodeNumber: 4 }));
  app.get('/api/permission/Authority/GetColumnsByModuleId/:menuId', { config: { access: 'signedIn' }, schema: { params: MENU_PARAM } }, async () => ok<unknown[]>([]));
  app.post('/api/oauth/updatePasswordMessage', { config: { access: 'signedIn', beforePasswordChange: true } }, async () => ok(null));
};

export default jnpfSignInRoutes;
