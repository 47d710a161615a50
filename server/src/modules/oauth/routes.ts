import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerMessages, t, translate } from '../../i18n';
import { isMd5Hex } from '../../lib/password';
import { createSession, deleteSession, logLogin, tokenOf } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { normaliseAccount, signInThrottleKey } from './account';
import { menusAndPermissions, userInfo } from './current-user';
import { checkImageCode, imageCodeSetting } from './image-code';
import jnpfSignInRoutes from './jnpf-signin-routes';
import { jnpfMenus } from './jnpf-menus';
import { jnpfUserMembers, sysConfigInfo } from './jnpf-user';
import { clearFailures, type LockState, lockoutSettings, lockStateOf, recordFailure } from './lockout';
import lockoutRoutes from './lockout-routes';
import { fail } from './messages';
import { checkCredentials, recordSignIn } from './repository';

/** The answer of a locked sign-in key (lockout.ts): minutes left, or "ask the administrator". */
const lockedError = (lock: Exclude<LockState, { locked: false }>) => (lock.lockType === 1 ? fail(400, 'lockedUntilUnlock') : fail(400, 'lockedFor', { count: lock.minutesLeft }));

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
  /** The sign-in image code and the key of its image (image-code.ts), while the setting asks for one. */
  code?: string;
  timestamp?: string;
}

const credentialsSchema = {
  type: 'object',
  required: ['account', 'password'],
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    code: { type: 'string', maxLength: 20 },
    timestamp: { type: 'string', maxLength: 40 },
  },
} as const;

registerMessages('image-code', { zh: { wrong: '验证码错误' }, en: { wrong: 'Wrong verification code' }, mas: { wrong: 'Kod pengesahan salah' } });

/** Sign-in attempts per minute per (IP, account key) (issue 2 item 7; the key: account.ts, issue 20 item 2). */
const LOGIN_RATE = { max: 20, timeWindow: 60_000 };

const userAgent = (req: FastifyRequest) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null);

/** Session routes (spec 000 §7 "Session"): Login, CurrentUser, Logout, LockScreen. */
const oauthRoutes: FastifyPluginAsync = async (app) => {
  await app.register(lockoutRoutes);
  await app.register(jnpfSignInRoutes);
  /**
   * POST /api/oauth/Login: account + md5 password → `{ token: 'Bearer <hex>', theme, changePwdTimes }` (changePwdTimes
   * 0 = an initial or admin-reset password: the shell forces /ChangePassword).
   * Wrong account or password → 400 账户或密码错误，请重新输入, with the tries left while the lockout is on
   * (lockout.ts; the same answer and the same count for known and unknown accounts); after passwordErrorsNumber in a
   * row → 400 账户已锁定 (for lockTime minutes, or until an administrator unlocks), even with the right password;
   * disabled → 400; > 20 tries/min per IP + account key → 429. While the image-code setting is on (image-code.ts), a
   * missing, wrong or expired `code` for `timestamp` → 400 验证码错误 before anything else is checked. The account is taken by its key (account.ts: trimmed,
   * ASCII case-insensitive), the same one the throttle and the lockout count and the sign-in log records for a
   * failed attempt. A sub-account signs in as `mobile@accountCode` (spec 000 §5), its stored account.
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
      const key = normaliseAccount(req.body.account);
      const refuse = async (message: string, err: Error) => {
        await logLogin(app.db, { userId: null, account: key, ip: req.ip, userAgent: userAgent(req), success: false, message });
        return err;
      };
      if ((await imageCodeSetting(app.db)).enabled && !(await checkImageCode(app.db, req.body.timestamp, req.body.code))) throw await refuse('imageCode', new ApiError(400, translate(req.lang, 'image-code', 'wrong')));
      const settings = await lockoutSettings(app.db);
      const lock = settings.errors > 0 ? await lockStateOf(app.db, key) : ({ locked: false } as const);
      if (lock.locked) throw await refuse('locked', lockedError(lock));
      const password = req.body.password;
      const result = isMd5Hex(password) ? await checkCredentials(app.db, req.body.account, password) : 'wrong';
      if (result === 'wrong') {
        if (!settings.errors) throw await refuse('wrong', ApiError.of(400, 'wrongPassword'));
        const counted = await recordFailure(app.db, key, settings);
        throw await refuse('wrong', 'remaining' in counted ? fail(400, 'wrongPasswordTries', { count: counted.remaining }) : lockedError(counted));
      }
      if (result === 'locked') throw await refuse('locked', fail(400, 'lockedUntilUnlock'));
      if (result === 'disabled') throw await refuse('disabled', ApiError.of(400, 'accountDisabled'));
      await clearFailures(app.db, key);
      await recordSignIn(app.db, result.id, req.ip);
      const token = await createSession(app.db, result.id, req.ip, userAgent(req));
      await logLogin(app.db, { userId: result.id, account: result.account, ip: req.ip, userAgent: userAgent(req), success: true, message: 'ok' });
      return ok({ token: `Bearer ${token}`, theme: result.theme ?? '', changePwdTimes: result.change_pwd_times }, t(req.lang, 'loginOk'));
    },
  );

  /**
   * GET /api/oauth/CurrentUser → `{ menuList, userInfo, permissionList, sysConfigInfo }` (spec 000 §3); userInfo also
   * carries what JNPF v3.4's client reads (jnpf-user.ts: systemIds with one current, organizeIdList, signImg,
   * changePasswordDate; issue 22 item 2). One system, so no routerList (the client then uses menuList). To JNPF's
   * client (the `jnpf-origin` header) our own screens it has no view for are type-7 links to our client (jnpf-menus.ts).
   */
  app.get('/api/oauth/CurrentUser', { config: { access: 'signedIn', beforePasswordChange: true } }, async (req) => {
    const session = req.auth!;
    const { menuList: menus, permissionList } = await menusAndPermissions(app.db, session);
    const menuList = req.headers['jnpf-origin'] !== undefined ? jnpfMenus(menus) : menus;
    const info = await sysConfigInfo(app.db, req.lang);
    const user = { ...(await userInfo(app.db, session)), ...(await jnpfUserMembers(app.db, session.userId, info)) };
    return ok({ menuList, userInfo: user, permissionList, sysConfigInfo: info });
  });

  /** GET /api/oauth/Logout: deletes the caller's session (a missing or stale token is not an error). */
  app.get('/api/oauth/Logout', { config: { access: 'public' } }, async (req) => {
    const token = tokenOf(req);
    if (token) await deleteSession(app.db, token);
    return ok(null, t(req.lang, 'logoutOk'));
  });

  /**
   * POST /api/oauth/LockScreen: re-verifies the signed-in user's password (body account + md5 password) → 解锁成功.
   * Wrong → 400, counted by the sign-in lockout like a sign-in (账户或密码错误…（还可尝试N次）); once the account is
   * locked (now or by earlier tries) even the right password is refused with the lock message and `data.signedOut`
   * true: the session is ended, so guessing at a locked screen stops at passwordErrorsNumber tries (issue 12 item 6).
   */
  app.post<{ Body: LoginBody }>(
    '/api/oauth/LockScreen',
    { config: { access: 'signedIn', rateLimit: { ...LOGIN_RATE, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `lock|${req.ip}` } }, schema: { body: credentialsSchema } },
    async (req) => {
      const session = req.auth!;
      const key = normaliseAccount(session.account);
      const settings = await lockoutSettings(app.db);
      const signOut = async (err: ApiError) => {
        const token = tokenOf(req);
        if (token) await deleteSession(app.db, token);
        return Object.assign(err, { data: { signedOut: true } });
      };
      const lock = settings.errors > 0 ? await lockStateOf(app.db, key) : ({ locked: false } as const);
      if (lock.locked) throw await signOut(lockedError(lock));
      const same = normaliseAccount(req.body.account) === key;
      const result = same && isMd5Hex(req.body.password) ? await checkCredentials(app.db, session.account, req.body.password) : 'wrong';
      if (result !== 'wrong' && result !== 'disabled' && result !== 'locked') {
        await clearFailures(app.db, key);
        return ok(null, t(req.lang, 'unlockOk'));
      }
      if (result !== 'wrong' || !settings.errors) throw ApiError.of(400, 'wrongPassword');
      const counted = await recordFailure(app.db, key, settings);
      if ('remaining' in counted) throw fail(400, 'wrongPasswordTries', { count: counted.remaining });
      throw await signOut(lockedError(counted));
    },
  );
};

export default oauthRoutes;
