import type { FastifyPluginAsync } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { readSetting, writeSetting } from '../current-user/settings-repository';
import { imageCodeSetting, issueImageCode } from './image-code';

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
/** personal_setting config_type of a user's column settings of a menu (config_key = the menu id). */
const COLUMNS_TYPE = 'jnpfColumns';
const COLUMNS_BODY = { type: 'object', required: ['moduleId', 'fieldList'], properties: { moduleId: { type: 'string', minLength: 1, maxLength: 100 }, fieldList: { type: 'string', maxLength: 16_384 } } } as const;
const IMAGE_PARAMS = { type: 'object', properties: { length: { type: 'string', pattern: '^[0-9]{1,2}$' }, stamp: { type: 'string', minLength: 1, maxLength: 40 } }, required: ['length', 'stamp'] } as const;
const ACCOUNT_PARAM = { type: 'object', properties: { account: { type: 'string', maxLength: 100 } }, required: ['account'] } as const;

/**
 * The calls JNPF v3.4's sign-in page and layout make beside Login (issue 22 item 3), in JNPF's shapes (read from
 * wuqingguang0816/Mnxhp src/):
 * - GET /api/oauth/getLoginConfig (public; views/login/index.vue:400-406 reads `redirect`, `url`, `ticketParams`,
 *   `socialsList`) → `{ redirect: false, url: '', ticketParams: '', socialsList: [] }`: no single sign-on, no social
 *   sign-in.
 * - GET /api/oauth/getConfig/{account} (public; views/login/index.vue:245-251 reads `enableVerificationCode`,
 *   `verificationCodeNumber`) → the image-code setting (image-code.ts; off by default: `{ enableVerificationCode: 0,
 *   verificationCodeNumber: 4 }`), the same for every account, known or not (the answer tells nothing about it).
 * - GET /api/oauth/ImageCode/{length}/{timestamp} (public; login/index.vue:279-283 as an <img>) → an SVG image of a new
 *   code of the setting's length (the path's length is the client's copy of it), kept for Login while the setting is on.
 * - POST /api/oauth/updatePasswordMessage (signed in; layout/components/AppMain.vue:52 calls it on every page load
 *   and reads nothing) → 200, null: JNPF sends a password-expiry reminder there; we have no password expiry.
 * - GET /api/permission/Authority/GetColumnsByModuleId/{menuId} (signed in; views/basic/dynamicModel/list/index.vue:675
 *   awaits it before a model list's first load, `res.data || []` as the user's own column settings) → the list the
 *   caller saved for that menu with SetColumnsByModuleId, else [] (the list shows the model's columns).
 * - PUT /api/permission/Authority/SetColumnsByModuleId `{ moduleId, fieldList }` (signed in; components/ColumnSettings/
 *   index.vue:87-99: `fieldList` the JSON string of the table's columns `[{ prop, label, visible, … }]`) → 200: stored
 *   as the caller's own setting for that menu (personal_setting, config_type jnpfColumns); fieldList that is not a JSON
 *   array, or longer than 16,384 characters → 400.
 */
const jnpfSignInRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/oauth/getLoginConfig', { config: { access: 'public' } }, async () => ok<LoginConfig>({ redirect: false, url: '', ticketParams: '', socialsList: [] }));
  app.get('/api/oauth/getConfig/:account', { config: { access: 'public' }, schema: { params: ACCOUNT_PARAM } }, async () => {
    const setting = await imageCodeSetting(app.db);
    return ok<AccountSignInConfig>({ enableVerificationCode: setting.enabled ? 1 : 0, verificationCodeNumber: setting.length });
  });
  app.get<{ Params: { length: string; stamp: string } }>(
    '/api/oauth/ImageCode/:length/:stamp',
    { config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } }, schema: { params: IMAGE_PARAMS } },
    async (req, reply) => {
      const setting = await imageCodeSetting(app.db);
      const svg = await issueImageCode(app.db, req.params.stamp, setting.length, setting.enabled);
      return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  );
  app.get<{ Params: { menuId: string } }>('/api/permission/Authority/GetColumnsByModuleId/:menuId', { config: { access: 'signedIn' }, schema: { params: MENU_PARAM } }, async (req) => {
    const stored = req.auth ? await readSetting(app.db, req.auth.userId, req.params.menuId, COLUMNS_TYPE) : undefined;
    return ok<unknown[]>(stored ? (JSON.parse(stored) as unknown[]) : []);
  });
  app.put<{ Body: { moduleId: string; fieldList: string } }>('/api/permission/Authority/SetColumnsByModuleId', { config: { access: 'signedIn' }, schema: { body: COLUMNS_BODY } }, async (req) => {
    let list: unknown;
    try {
      list = JSON.parse(req.body.fieldList);
    } catch {
      list = null;
    }
    if (!Array.isArray(list)) throw ApiError.of(400, 'invalid', { field: 'fieldList' }, { field: 'fieldList' });
    await writeSetting(app.db, req.auth!.userId, req.body.moduleId, COLUMNS_TYPE, JSON.stringify(list));
    return ok(null, t(req.lang, 'updateOk'));
  });
  app.post('/api/oauth/updatePasswordMessage', { config: { access: 'signedIn', beforePasswordChange: true } }, async () => ok(null));
};

export default jnpfSignInRoutes;
