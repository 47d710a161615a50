import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { members } from './members';
import { setUserColumn } from './repository';
import { LAYOUT_TYPES, parsePropertyJson, parseThemeUpdate, SettingError, THEME_KEY, THEME_TYPE } from './settings';
import { currentSupplyOf, MAX_PROPERTY_JSON, mergeTheme, readSetting, settingForClient, suppliesOf, writeSetting } from './settings-repository';

const CONFIG_NAME = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' } as const;
const signedIn = { access: 'signedIn' as const };

interface InfoQuery {
  configKey?: string;
  configType?: string;
  userId?: string;
}

interface SaveBody {
  ConfigKey?: string;
  ConfigType?: string;
  OwnerUserId?: string;
  key: string;
  value: unknown;
}

/** Refuses (403 暂无权限) a request about another user's settings: a user reads and saves only their own. */
function assertOwn(requested: string | undefined, me: string): void {
  if (requested && requested !== me) throw ApiError.forbidden();
}

/**
 * Personal settings, supplier identity and membership routes (spec 000 §3 "Personal settings", §7 "Current user" and
 * "Session"; issue 5 items 4 and 6).
 */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * GET /api/system/personalsetting/info?configKey=ThemePersonal&configType=theme[&userId=] → `{ PropertyJson }` (a
   * JSON string). ThemePersonal/theme answers the defaults overlaid with what the user saved (settings.ts). userId,
   * when given, must be the caller (else 403). configKey/configType default to ThemePersonal/theme.
   */
  app.get<{ Querystring: InfoQuery }>(
    '/api/system/personalsetting/info',
    {
      config: signedIn,
      schema: { querystring: { type: 'object', properties: { configKey: CONFIG_NAME, configType: CONFIG_NAME, userId: { type: 'string', maxLength: 64 }, n: {} } } },
    },
    async (req) => {
      const me = req.auth!.userId;
      assertOwn(req.query.userId, me);
      return ok({ PropertyJson: await settingForClient(app.db, me, req.query.configKey ?? THEME_KEY, req.query.configType ?? THEME_TYPE) });
    },
  );

  /**
   * POST /api/system/personalsetting/save: body `{ ConfigKey, ConfigType, OwnerUserId, key, value }` (spec 000 §7).
   * OwnerUserId, when given, must be the caller (else 403). For ThemePersonal/theme, `key` is one setting (layoutType,
   * slideClass, themeClass, tagsView, tagsIcon, showLanguage, showSearch, useCache, theme, size…) and `value` its value,
   * or `key` 'theme' / 'all' with the whole PropertyJson; values are validated (400 naming key or value). Other
   * ConfigKeys store `value` as text under `key`. Replies `{ PropertyJson }` as info would.
   */
  app.post<{ Body: SaveBody }>(
    '/api/system/personalsetting/save',
    {
      config: signedIn,
      schema: {
        body: {
          type: 'object',
          required: ['key', 'value'],
          properties: {
            ConfigKey: CONFIG_NAME,
            ConfigType: CONFIG_NAME,
            OwnerUserId: { type: 'string', maxLength: 64 },
            key: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
            value: {},
          },
        },
      },
    },
    async (req) => {
      const me = req.auth!.userId;
      const { ConfigKey = THEME_KEY, ConfigType = THEME_TYPE, OwnerUserId, key, value } = req.body;
      assertOwn(OwnerUserId, me);
      if (value === undefined) throw ApiError.of(400, 'required', { field: 'value' });
      if (ConfigKey === THEME_KEY && ConfigType === THEME_TYPE) {
        let changes: Record<string, string>;
        try {
          changes = parseThemeUpdate(key, value);
        } catch (e) {
          if (e instanceof SettingError) throw ApiError.of(400, e.field === 'key' ? 'notAllowed' : 'invalid', { field: e.field });
          throw e;
        }
        await mergeTheme(app.db, me, changes);
        if (changes.layoutType && (LAYOUT_TYPES as readonly string[]).includes(changes.layoutType)) await setUserColumn(app.db, me, 'theme', changes.layoutType);
      } else {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const merged = JSON.stringify({ ...parsePropertyJson(await readSetting(app.db, me, ConfigKey, ConfigType)), [key]: text });
        if (merged.length > MAX_PROPERTY_JSON) throw ApiError.of(400, 'tooLong', { field: 'value' });
        await writeSetting(app.db, me, ConfigKey, ConfigType, merged);
      }
      return ok({ PropertyJson: await settingForClient(app.db, me, ConfigKey, ConfigType) }, t(req.lang, 'ok'));
    },
  );

  /**
   * POST /api/permission/Users/Actions/SwitchSupply: body `{ currentSupply }` (spec 000 §4 "Supply identity switch").
   * It must be one of the caller's supplier identities (else 400 naming currentSupply). Replies
   * `{ currentSupply, supplyIds }`; CurrentUser then reports the new identity.
   */
  app.post<{ Body: { currentSupply: string } }>(
    '/api/permission/Users/Actions/SwitchSupply',
    { config: signedIn, schema: { body: { type: 'object', required: ['currentSupply'], properties: { currentSupply: { type: 'string', minLength: 1, maxLength: 64 } } } } },
    async (req) => {
      const me = req.auth!.userId;
      const supplies = await suppliesOf(app.db, me);
      if (!supplies.some((s) => s.Id === req.body.currentSupply)) throw ApiError.of(400, 'notAllowed', { field: 'currentSupply' });
      await setUserColumn(app.db, me, 'current_supply', req.body.currentSupply);
      return ok({ currentSupply: await currentSupplyOf(app.db, me), supplyIds: supplies }, t(req.lang, 'ok'));
    },
  );

  /**
   * GET /api/permission/Users/Members/:id → `{ list: [{ id, account, realName, headIcon, gender, department,
   * enabledMark }] }`: the members of a role, position or organisation (spec 000 §7 Session; 001 §7 Role).
   * Unknown id → 404.
   */
  app.get<{ Params: { id: string } }>(
    '/api/permission/Users/Members/:id',
    { config: signedIn, schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } } },
    async (req) => {
      const list = await members(app.db, req.params.id);
      if (!list) throw ApiError.notFound();
      return ok({ list });
    },
  );
}
