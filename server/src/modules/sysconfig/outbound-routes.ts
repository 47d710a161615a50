import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { readOutboundSettings, writeOutboundSettings } from '../../lib/outbound';
import { ApiError, ok } from '../../plugins/envelope';
import { versionOf } from '../_shared/row-version';
import { groupVersion, stepGroupVersion } from './group-version';

/**
 * The outbound settings of the system settings (issue 24 item 1; lib/outbound/settings.ts), administrators only
 * (others → 403 暂无权限):
 * - GET /api/system/SysConfig/Outbound → data `{ outboundAllowedHosts: string, outboundTimeoutMs: number (ms),
 *   dataInterfaceMaxBytes: number (bytes; shared with data interfaces), version }` (`version`: the 外部调用 group's,
 *   as GET SysConfig/outbound answers it; group-version.ts).
 * - PUT /api/system/SysConfig/Outbound, body any of those keys and the `version` loaded → 修改成功, data `{ version }`;
 *   an allowlist entry that is no host name, host:port, address or CIDR, or a number out of range (timeout
 *   1000–300000 ms, body 1 B–1 GiB) → 400 `{field}格式不正确` naming the key (and the wrong entries); an older
 *   version → 409 naming who saved the group last and when (issue 27); nothing is written then. Without `version`
 *   the save writes (last write wins), as PUT SysConfig/{group}.
 */
export default async function outboundSettingsRoutes(app: FastifyInstance): Promise<void> {
  const adminOnly = (isAdministrator: boolean | undefined) => {
    if (!isAdministrator) throw ApiError.forbidden();
  };
  app.get('/api/system/SysConfig/Outbound', { config: { access: 'signedIn' } }, async (req) => {
    adminOnly(req.auth?.isAdministrator);
    return ok({ ...(await readOutboundSettings(app.db)), version: await groupVersion(app.db, 'outbound') });
  });
  app.put<{ Body: { outboundAllowedHosts?: string; outboundTimeoutMs?: number; dataInterfaceMaxBytes?: number; version?: number } }>(
    '/api/system/SysConfig/Outbound',
    {
      config: { access: 'signedIn' },
      schema: {
        body: {
          type: 'object',
          properties: { outboundAllowedHosts: { type: 'string', maxLength: 10_000 }, outboundTimeoutMs: { type: 'integer' }, dataInterfaceMaxBytes: { type: 'integer' }, version: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (req) => {
      adminOnly(req.auth?.isAdministrator);
      // Steps the 外部调用 group's version (issue 27): checked against the one loaded, so a stale save writes nothing.
      const { version: _loaded, ...values } = req.body ?? {};
      const next = await app.db.transaction().execute(async (trx) => {
        const v = await stepGroupVersion(trx, 'outbound', versionOf(req.body), req.auth?.userId ?? null);
        const bad = await writeOutboundSettings(trx, values);
        if (bad.length) throw ApiError.of(400, 'invalid', { field: bad.join('; ') }, { field: bad[0].split(':')[0] });
        return v;
      });
      return ok({ version: next }, t(req.lang, 'updateOk'));
    },
  );
}
