import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type BaseInfoInput, BaseInfoInputSchema, type SystemLogQuery, SystemLogQuerySchema } from '../../../../schemas/wire/current-user';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { currentAuthorize } from './authorize';
import avatarRoutes from './avatar-routes';
import jnpfCurrentRoutes from './jnpf-routes';
import { directSubordinates, getBaseInfo, isSubordinateOf, setUserColumn, updateBaseInfo } from './repository';
import { LAYOUT_TYPES } from './settings';
import { mergeTheme } from './settings-repository';
import settingsRoutes from './settings-routes';
import { systemLog } from './system-log';

const BASE = '/api/permission/Users/Current';
const signedIn = { access: 'signedIn' as const };

/** Language codes and the aliases JNPF clients send (zh-CN, en-US, zh-TW). */
const LANGUAGE_ALIASES: Record<string, string> = { zh: 'zh', en: 'en', tw: 'tw', mas: 'mas', 'zh-CN': 'zh', 'en-US': 'en', 'zh-TW': 'tw', ms: 'mas' };

/**
 * The current user's profile routes (spec 000 §7 "Current user"; issue 5 item 7), all for a signed-in caller and only
 * about that caller. The avatar, personal-settings and JNPF 个人信息 (jnpf-routes.ts) routes are registered from here too.
 */
export default async function currentUserRoutes(app: FastifyInstance): Promise<void> {
  await app.register(avatarRoutes);
  await app.register(settingsRoutes);
  await app.register(jnpfCurrentRoutes);

  /** GET …/Current/BaseInfo → the profile (schemas/wire/current-user.ts BaseInfo). */
  app.get(`${BASE}/BaseInfo`, { config: signedIn }, async (req) => {
    const info = await getBaseInfo(app.db, req.auth!.userId);
    if (!info) throw ApiError.notFound();
    return ok(info);
  });

  /**
   * POST (or PUT, as JNPF clients send) …/Current/BaseInfo: body with any of realName (1–50), gender ('' | 0–3),
   * mobilePhone ('' or ^1[3-9]\d{9}$), email ('' or an e-mail), signature (≤ 500). Other fields are ignored.
   * Bad field → 400 naming it. Replies the updated profile.
   */
  const updateHandler = async (req: FastifyRequest) => {
    await updateBaseInfo(app.db, req.auth!.userId, (req.body ?? {}) as BaseInfoInput);
    return ok(await getBaseInfo(app.db, req.auth!.userId), t(req.lang, 'updateOk'));
  };
  app.post(`${BASE}/BaseInfo`, { config: signedIn, schema: { body: BaseInfoInputSchema } }, updateHandler);
  app.put(`${BASE}/BaseInfo`, { config: signedIn, schema: { body: BaseInfoInputSchema } }, updateHandler);

  /**
   * POST (or PUT) …/Current/SystemTheme: body `{ theme }`, the layout type classic | functional | blend | plain
   * (the value sign-in returns, spec 000 §4). Also stored as layoutType in the personal theme settings.
   */
  const themeSchema = { body: { type: 'object', required: ['theme'], properties: { theme: { type: 'string', enum: [...LAYOUT_TYPES] } } } };
  const themeHandler = async (req: FastifyRequest) => {
    const { theme } = req.body as { theme: string };
    await setUserColumn(app.db, req.auth!.userId, 'theme', theme);
    await mergeTheme(app.db, req.auth!.userId, { layoutType: theme });
    return ok({ theme }, t(req.lang, 'updateOk'));
  };
  app.post(`${BASE}/SystemTheme`, { config: signedIn, schema: themeSchema }, themeHandler);
  app.put(`${BASE}/SystemTheme`, { config: signedIn, schema: themeSchema }, themeHandler);

  /** POST (or PUT) …/Current/SystemLanguage: body `{ language }` zh | en | tw | mas (aliases zh-CN, en-US, zh-TW). */
  const languageSchema = { body: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: Object.keys(LANGUAGE_ALIASES) } } } };
  const languageHandler = async (req: FastifyRequest) => {
    const language = LANGUAGE_ALIASES[(req.body as { language: string }).language];
    await setUserColumn(app.db, req.auth!.userId, 'language', language);
    return ok({ language }, t(req.lang, 'updateOk'));
  };
  app.post(`${BASE}/SystemLanguage`, { config: signedIn, schema: languageSchema }, languageHandler);
  app.put(`${BASE}/SystemLanguage`, { config: signedIn, schema: languageSchema }, languageHandler);

  /**
   * GET …/Current/Subordinate[?id=] → `[{ id, account, realName, userName, avatar, department, position, isLeaf }]`:
   * the enabled users whose managerId is the caller, or (with `id`, lazy tree) whose managerId is `id`, which must
   * itself be one of the caller's (indirect) subordinates, else 403.
   */
  app.get<{ Querystring: { id?: string } }>(
    `${BASE}/Subordinate`,
    { config: signedIn, schema: { querystring: { type: 'object', properties: { id: { type: 'string', maxLength: 64 }, n: {} } } } },
    async (req) => {
      const me = req.auth!.userId;
      const id = req.query.id && req.query.id !== '0' ? req.query.id : me;
      if (id !== me && !(await isSubordinateOf(app.db, id, me))) throw ApiError.forbidden();
      return ok(await directSubordinates(app.db, id));
    },
  );

  /** GET …/Current/Authorize → `{ module, button, column, form, resource }`: the caller's grants as trees (authorize.ts). */
  app.get(`${BASE}/Authorize`, { config: signedIn }, async (req) => ok(await currentAuthorize(app.db, req.auth!)));

  /**
   * GET …/Current/SystemLog?currentPage&pageSize&keyword&startTime&endTime[&category=1] → `{ list, pagination }`:
   * the caller's own sign-in log, newest first (system-log.ts). Bad paging or times → 400 naming the field.
   */
  app.get<{ Querystring: SystemLogQuery }>(
    `${BASE}/SystemLog`,
    {
      config: signedIn,
      schema: { querystring: SystemLogQuerySchema },
    },
    async (req) => ok(await systemLog(app.db, req.auth!.userId, req.query)),
  );
}
