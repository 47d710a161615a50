import type { FastifyInstance } from 'fastify';
import type { SettingsGroup } from '../../../../schemas/system-settings';
import { t } from '../../i18n';
import { readOutboundSettings, writeOutboundSettings } from '../../lib/outbound';
import { ApiError, ok } from '../../plugins/envelope';
import { userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { groupVersion, stepGroupVersion } from './group-version';
import jnpfSysConfigRoute from './jnpf-sysconfig';
import { GROUP_IDS, type GroupId, readSettingsGroup, settingsGroupRows, writeSettingsGroup } from './settings';

/** The enCode of the 系统配置 menu: the access of these routes (its btn_edit guards the writes). */
export const SYS_CONFIG_MENU = 'sysConfig';

const GROUP_PARAM = { type: 'object', properties: { group: { type: 'string', enum: [...GROUP_IDS] } }, required: ['group'] } as const;

/**
 * 系统配置 (issue 12 item 6 lockout settings, issue 20 item 6 password policy, issue 27 item 2 / issue 23 item 2
 * retention, issue 24 item 1 outbound; page src/pages/system/sysConfig.page.json), holders of the sysConfig menu only:
 * - GET /api/system/SysConfig/Groups → data `SettingsGroupRow[]` `{ id, fullName, summary }` in the caller's language.
 * - GET /api/system/SysConfig/{group} (security | password | retention | lists | outbound) → the group's values
 *   `{ key: number, version }` (outbound: `{ outboundAllowedHosts: string, outboundTimeoutMs: ms, dataInterfaceMaxBytes:
 *   bytes, version }`); `version` is the group's (issue 27 item 1, group-version.ts).
 * - PUT /api/system/SysConfig/{group} (button btn_edit), body any keys of that group and the `version` loaded → 修改成功,
 *   data `{ version }`; a value that is not an integer in its range (schemas/system-settings.ts) or a key of another
 *   group → 400 `{field}格式不正确` naming the keys; an older version → 409 naming who saved the group last and when;
 *   nothing is written then. Without `version` the save writes (last write wins). Unknown group → 400.
 */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(jnpfSysConfigRoute);
  app.get('/api/system/SysConfig/Groups', { config: { access: { menu: SYS_CONFIG_MENU } } }, async (req) => ok(await settingsGroupRows(app.db, req.lang)));

  app.get<{ Params: { group: GroupId } }>('/api/system/SysConfig/:group', { config: { access: { menu: SYS_CONFIG_MENU } }, schema: { params: GROUP_PARAM } }, async (req) => {
    const { group } = req.params;
    const values = group === 'outbound' ? await readOutboundSettings(app.db) : await readSettingsGroup(app.db, group);
    return ok({ ...values, version: await groupVersion(app.db, group) });
  });

  app.put<{ Params: { group: GroupId }; Body: Record<string, unknown> }>(
    '/api/system/SysConfig/:group',
    { config: { access: { menu: SYS_CONFIG_MENU, button: 'btn_edit' } }, schema: { params: GROUP_PARAM, body: { type: 'object' } } },
    async (req) => {
      const { group } = req.params;
      const version = versionOf(req.body);
      const body = { ...(req.body ?? {}) };
      delete body.version;
      const next = await app.db.transaction().execute(async (trx) => {
        const v = await stepGroupVersion(trx, group, version, userOf(req));
        const bad = group === 'outbound' ? await writeOutboundSettings(trx, body) : await writeSettingsGroup(trx, group as SettingsGroup, body);
        if (bad.length) throw ApiError.of(400, 'invalid', { field: bad.join('; ') }, { field: bad[0].split(':')[0] });
        return v;
      });
      return ok({ version: next }, t(req.lang, 'updateOk'));
    },
  );
}
