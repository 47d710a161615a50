import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { readOutboundSettings, writeOutboundSettings } from '../../lib/outbound';
import { ApiError, ok } from '../../plugins/envelope';
import { stepGroupVersion } from './group-version';

/**
 * The outbound settings of the system settings (issue 24 item 1; lib/outbound/settings.ts), administrators only
 * (others → 403 暂无权限):
 * - GET /api/system/SysConfig/Outbound → data `{ outboundAllowedHosts: string, outboundTimeoutMs: number (ms),
 *   dataInterfaceMaxBytes: number (bytes; shared with data interfaces) }`.
 * - PUT /api/system/SysConfig/Outbound, body any of those keys → 修改成功; an allowlist entry that is no host name,
 *   host:port, address or CIDR, or a number out of range (timeout 1000–300000 ms, body 1 B–1 GiB) → 400
 *   `{field}格式不正确` naming the key (and the wrong entries); nothing is written then.
 */
export default async function outboundSettingsRoutes(app: FastifyInstance): Promise<void> {
  const adminOnly = (isAdministrator: boolean | undefined) => {
    if (!isAdministrator) throw ApiError.forbidden();
  };
  app.get('/api/system/SysConfig/Outbound', { config: { access: 'signedIn' } }, async (req) => {
    adminOnly(req.auth?.isAdministrator);
    return ok(await readOutboundSettings(app.db));
  });
  app.put<{ Body: { outboundAllowedHosts?: string; outboundTimeoutMs?: number; dataInterfaceMaxBytes?: number } }>(
    '/api/system/SysConfig/Outbound',
    {
      config: { access: 'signedIn' },
      schema: {
        body: {
          type: 'object',
          properties: { outboundAllowedHosts: { type: 'string', maxLength: 10_000 }, outboundTimeoutMs: { type: 'integer' }, dataInterfaceMaxBytes: { type: 'integer' } },
        },
      },
    },
    async (req) => {
      adminOnly(req.auth?.isAdministrator);
      // Steps the 外部调用 group's version too (issue 27: a page save loaded before this one is refused).
      await app.db.transaction().execute(async (trx) => {
        const bad = await writeOutboundSettings(trx, req.body ?? {});
        if (bad.length) throw ApiError.of(400, 'invalid', { field: bad.join('; ') }, { field: bad[0].split(':')[0] });
        await stepGroupVersion(trx, 'outbound', undefined, req.auth?.userId ?? null);
      });
      return ok(null, t(req.lang, 'updateOk'));
    },
  );
}
