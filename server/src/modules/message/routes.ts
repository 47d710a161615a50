import type { FastifyInstance } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { type MessageListQuery, MessageListQuerySchema as LIST_QUERY } from '../../../../schemas/wire/message';
import { ApiError, ok } from '../../plugins/envelope';
import { readAllText } from './messages';
import { listMessages, readAllMessages, readMessage } from './repository';

const BASE = '/api/message';

/** The signed-in caller's user id (these routes declare access 'signedIn', so the session is resolved). */
function me(req: { auth: { userId: string } | null }): string {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth.userId;
}

/**
 * In-site message routes the shell's bell and drawer need (spec 000 §7 "Messages"; `messages` rows of endpoints.tsv):
 * the caller's own list, mark-all-read and read-one. Publishing (POST /api/message, Release), notices and chat come
 * with the message centre.
 */
export default async function messageRoutes(app: FastifyInstance): Promise<void> {
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

  /** POST /api/message/Actions/ReadAll → data `{ count }` (receipts marked read), msg 'all marked read' in the request's language. */
  app.post(`${BASE}/Actions/ReadAll`, { config: { access: 'signedIn' } }, async (req) => ok({ count: await readAllMessages(app.db, me(req)) }, readAllText(req.lang)));

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
}
