import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { isMd5Hex } from '../../lib/password';
import { createSession, deleteSession, logLogin, tokenOf } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { menusAndPermissions, userInfo } from './current-user';
import { normaliseAccount, signInThrottleKey } from './account';
import { checkCredentials, recordSignIn } from './repository';

/** Login body (spec 000 §3 "Login request"): form-encoded or JSON. */
interface LoginBody {
  account: string;
  password: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
  grant_type?: string;
  selectedAccount?: string;
  lang?: string;
}

const credentialsSchema = {
  type: 'object',
  required: ['account', 'password'],
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

/** Sign-in attempts per minute per (IP, account key) (issue 2 item 7; the key: account.ts, issue 20 item 2). */
const LOGIN_RATE = { max: 20, timeWindow: 60_000 };

const userAgent = (req: FastifyRequest) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null);

/** Session routes (spec 000 §7 "Session"): Login, CurrentUser, Logout, LockScreen. */
const oauthRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/oauth/Login: account + md5 password → `{ token: 'Bearer <hex>', theme, changePwdTimes }`.
   * Wrong account or password → 400 账户或密码错误，请重新输入 (the same for known and unknown accounts); disabled → 400;
   * > 20 tries/min per IP + account key → 429. The account is taken by its key (account.ts: trimmed, ASCII
   * case-insensitive), the same one the throttle counts and the sign-in log records for a failed attempt.
   */
  app.post<{ Body: LoginBody }>(
    '/api/oauth/Login',
    {
      config: {
        access: 'public',
        rateLimit: { ...LOGIN_RATE, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => signInThrottleKey(req.ip, (req.body as LoginBody | undefined)?.account) },
      },
      schema: { body: credentialsSchema },
    },
    async (req) => {
      const password = req.body.password;
      const result = isMd5Hex(password) ? await checkCredentials(app.db, req.body.account, password) : 'wrong';
      if (result === 'wrong' || result === 'disabled') {
        await logLogin(app.db, { userId: null, account: normaliseAccount(req.body.account), ip: req.ip, userAgent: userAgent(req), success: false, message: result });
        throw ApiError.of(400, result === 'wrong' ? 'wrongPassword' : 'accountDisabled');
      }
      await recordSignIn(app.db, result.id, req.ip);
      const token = await createSession(app.db, result.id, req.ip, userAgent(req));
      await logLogin(app.db, { userId: result.id, account: result.account, ip: req.ip, userAgent: userAgent(req), success: true, message: 'ok' });
      return ok({ token: `Bearer ${token}`, theme: result.theme ?? '', changePwdTimes: result.change_pwd_times }, t(req.lang, 'loginOk'));
    },
  );

  /** GET /api/oauth/CurrentUser → `{ menuList, userInfo, permissionList }` (spec 000 §3). */
  app.get('/api/oauth/CurrentUser', { config: { access: 'signedIn' } }, async (req) => {
    const session = req.auth!;
    const { menuList, permissionList } = await menusAndPermissions(app.db, session);
    return ok({ menuList, userInfo: await userInfo(app.db, session), permissionList });
  });

  /** GET /api/oauth/Logout: deletes the caller's session (a missing or stale token is not an error). */
  app.get('/api/oauth/Logout', { config: { access: 'public' } }, async (req) => {
    const token = tokenOf(req);
    if (token) await deleteSession(app.db, token);
    return ok(null, t(req.lang, 'logoutOk'));
  });

  /** POST /api/oauth/LockScreen: re-verifies the signed-in user's password (body account + md5 password); wrong → 400. */
  app.post<{ Body: LoginBody }>(
    '/api/oauth/LockScreen',
    { config: { access: 'signedIn', rateLimit: { ...LOGIN_RATE, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `lock|${req.ip}` } }, schema: { body: credentialsSchema } },
    async (req) => {
      const session = req.auth!;
      const same = normaliseAccount(req.body.account) === normaliseAccount(session.account);
      const result = same && isMd5Hex(req.body.password) ? await checkCredentials(app.db, session.account, req.body.password) : 'wrong';
      if (result === 'wrong' || result === 'disabled') throw ApiError.of(400, 'wrongPassword');
      return ok(null, t(req.lang, 'unlockOk'));
    },
  );
};

export default oauthRoutes;
