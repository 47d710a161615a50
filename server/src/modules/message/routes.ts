import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { type MessageIdsBody, MessageIdsBodySchema, type MessageListQuery, MessageListQuerySchema as LIST_QUERY } from '../../../../schemas/wire/message';
import { ApiError, ok } from '../../plugins/envelope';
import { attachMessageBus } from './bus';
import { fail, readAllText, replyText } from './messages';
import noticeRoutes from './notice-routes';
import { idList } from './notice-repository';
import { deleteMessageRecords, listMessages, readAllMessages, readMessage } from './repository';

const BASE = '/api/message';

/** The signed-in caller's user id (these routes declare access 'signedIn', so the session is resolved). */
function me(req: { auth: { userId: string } | null }): string {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth.userId;
}

/** The ids of a `{ ids }` body; 400 when none is named. */
function ids(body: MessageIdsBody | undefined): string[] {
  const list = idList(body?.ids);
  if (!list.length) throw fail(400, 'idsRequired');
  return list;
}

/**
 * In-site messages (spec 000 §7 "Messages"; `messages` rows of endpoints.tsv; issue 14 item 1): the caller's own
 * list, read-one, mark-read and delete-records, for every signed-in user; notice management (notice-routes.ts)
 * behind its menu. New messages are announced on the app's bus (bus.ts). GET /api/message/imreply (recent chat
 * conversations) belongs to the chat module (modules/im/routes.ts).
 */
export default async function messageRoutes(app: FastifyInstance): Promise<void> {
  attachMessageBus(app.db, app.bus);

  /**
   * GET /api/message?currentPage&pageSize&keyword&isRead&type&sort → `{ list: MessageRow[], pagination }`, the
   * caller's messages newest first (schemas/wire/message.ts). `isRead=0` gives the bell's unread count as
   * pagination.total. 400 on a bad filter (e.g. isRead=2, pageSize > 500).
   */
  app.get<{ Querystring: MessageListQuery }>(
    BASE,
    { config: { access: 'signedIn' }, schema: { querystring: LIST_QUERY } },
    async (req) => ok(await listMessages(app.db, me(req), req.query)),
  );

  /**
   * POST /api/message/Actions/ReadAll → data `{ count }` (receipts marked read), msg 'all marked read' in the
   * request's language. Without a body (JNPF) every unread message of the caller; with `{ ids }` (array or comma list)
   * only those (the message centre's batch mark-read).
   */
  app.post<{ Body: MessageIdsBody | undefined }>(`${BASE}/Actions/ReadAll`, { config: { access: 'signedIn' } }, async (req) => {
    const body = req.body;
    let only: string[] | undefined;
    if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
      if (!Value.Check(MessageIdsBodySchema, body)) throw fail(400, 'idsRequired');
      only = ids(body);
    }
    return ok({ count: await readAllMessages(app.db, me(req), only) }, readAllText(req.lang));
  });

  /**
   * DELETE /api/message/Record with `{ ids }` (JNPF: a comma list; an array is taken too) → `{ count }`: the caller's
   * receipts of these messages are removed (they leave the caller's list; other recipients keep theirs). 400 without ids.
   */
  app.delete<{ Body: MessageIdsBody }>(`${BASE}/Record`, { config: { access: 'signedIn' }, schema: { body: MessageIdsBodySchema } }, async (req) => {
    const count = await deleteMessageRecords(app.db, me(req), ids(req.body));
    return ok({ count }, replyText(req.lang, 'recordsDeleted'));
  });

  /**
   * GET /api/message/ReadInfo/{id} → MessageInfo (title, type, creatorUser, times, bodyText, readTime), marking it
   * read for the caller. 404 (数据不存在) when the caller received no such message, another user's included, as a
   * row hidden from the caller answers elsewhere (design.md §7a).
   */
  app.get<{ Params: { id: string } }>(
    `${BASE}/ReadInfo/:id`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } },
    async (req) => {
      const info = await readMessage(app.db, me(req), req.params.id);
      if (!info) throw ApiError.notFound();
      return ok(info);
    },
  );

  await noticeRoutes(app);
}
