import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../plugins/envelope';
import { contactRoutes } from './contacts';
import { ChatHub } from './hub';
import { replyList } from './repository';
import { HARD_MAX_FRAME_BYTES, normToken, serveSocket } from './socket';

const hubs = new WeakMap<object, ChatHub>();

/** The chat hub (this instance's sockets, modules/im/hub.ts) of `app`, from any plugin scope; undefined before registration. */
export function chatHubOf(app: FastifyInstance): ChatHub | undefined {
  return hubs.get(app.server);
}

/**
 * The internal chat (spec 000 §7 "Internal chat"; issue 14 items 4 and 6):
 * - the socket at `/api/message/websocket/{token}` (JNPF v3.4+) and `/api/message/websocket` (v3.2: the token comes
 *   with OnConnection); the upgrade itself is public, every frame is checked against the session (socket.ts);
 * - GET /api/message/imreply → `{ list: ImReplyItem[] }`, the caller's recent conversations (repository.ts replyList);
 * - the contacts (contacts.ts).
 */
export default async function imRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: HARD_MAX_FRAME_BYTES } });
  const hub = new ChatHub(app);
  hubs.set(app.server, hub);
  app.addHook('onClose', async () => hub.close());

  // A plain (not upgraded) request to the socket's paths answers the 404 envelope, as any unknown path.
  const notSocket = async () => {
    throw ApiError.notFound();
  };
  app.route<{ Params: { token: string } }>({
    method: 'GET',
    url: '/api/message/websocket/:token',
    config: { access: 'public' },
    schema: { params: { type: 'object', properties: { token: { type: 'string', maxLength: 300 } } } },
    handler: notSocket,
    wsHandler: (socket, req) => serveSocket(app, hub, socket, req, normToken(req.params.token)),
  });
  app.route({ method: 'GET', url: '/api/message/websocket', config: { access: 'public' }, handler: notSocket, wsHandler: (socket, req) => serveSocket(app, hub, socket, req, null) });

  /** GET /api/message/imreply → `{ list }`: one entry per peer, latest message and unread count, newest first. */
  app.get('/api/message/imreply', { config: { access: 'signedIn' } }, async (req) => ok({ list: await replyList(app.db, req.auth!.userId) }));

  await contactRoutes(app);
}
