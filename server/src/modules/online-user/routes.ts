import type { FastifyInstance } from 'fastify';
import { type OnlineUserIds, OnlineUserIdsSchema, type OnlineUserQuery, OnlineUserQuerySchema } from '../../../../schemas/wire/online-user';
import { IdParamsSchema, type IdParams } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { forceOffline, listOnline } from './repository';

/** The menu (enCode) of the online-users page; force offline needs its `btn_remove` button (design.md §7a). */
export const ONLINE_USER_MENU = 'onlineUser';
/** The bus topic of forced-offline sessions; payload `{ sessionIds, userIds }` (for the realtime socket's logout). */
export const SESSION_REVOKED_TOPIC = 'session.revoked';

/**
 * Online users (issue 12 item 6; JNPF `/api/system/OnlineUser`, reference/permissions.md §5): the live sessions and
 * forcing them offline. Unlike JNPF (which only closes the socket) forcing offline revokes the session: its next
 * request answers 601 on every instance.
 */
export default async function onlineUserRoutes(app: FastifyInstance): Promise<void> {
  const view = { access: { menu: ONLINE_USER_MENU } } as const;
  const remove = { access: { menu: ONLINE_USER_MENU, button: 'btn_remove' } } as const;

  const kick = async (ids: string[]) => {
    const done = await forceOffline(app.db, ids);
    if (done.sessionIds.length) await app.bus.publish(SESSION_REVOKED_TOPIC, done).catch(() => {});
    return done;
  };

  /**
   * GET /api/system/OnlineUser?keyword&currentPage&pageSize → `{ list: OnlineUserRow[], pagination }`
   * (schemas/wire/online-user.ts). 403 without the onlineUser menu.
   */
  app.get<{ Querystring: OnlineUserQuery }>('/api/system/OnlineUser', { config: view, schema: { querystring: OnlineUserQuerySchema } }, async (req) =>
    ok(await listOnline(app.db, req.query)),
  );

  /** DELETE /api/system/OnlineUser/{id}: forces session `id` offline. 404 when no live session has that id. */
  app.delete<{ Params: IdParams }>('/api/system/OnlineUser/:id', { config: remove, schema: { params: IdParamsSchema } }, async (req) => {
    const done = await kick([req.params.id]);
    if (!done.sessionIds.length) throw ApiError.notFound();
    return ok(null, t(req.lang, 'ok'));
  });

  /** DELETE /api/system/OnlineUser body `{ ids }`: forces several sessions offline → data `{ count }` (unknown ids skipped). */
  app.delete<{ Body: OnlineUserIds }>('/api/system/OnlineUser', { config: remove, schema: { body: OnlineUserIdsSchema } }, async (req) => {
    const done = await kick(req.body.ids);
    return ok({ count: done.sessionIds.length }, t(req.lang, 'ok'));
  });
}
