import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { markPublicScope } from './auth';
import { ApiError } from './envelope';

/**
 * Serves a JNPF v3.4 web client build on our origin (issue 22 item 7, `npm run jnpf-client -- <folder>`):
 * - the build's static files at `/` (its `static/`, `cdn/`, index.html);
 * - the history fallback: any other GET outside `/api/` answers index.html (the client's router runs in history
 *   mode: Mnxhp src/router/index.js `mode: 'history'`), so a reload on `/onlineDev/webDesign` opens that page;
 * - `/websocket/{token}`, the socket a production build opens on the page's origin (Mnxhp src/layout/components/
 *   NavbarRight.vue:191 `window.location.origin + '/websocket/' + token`), served by our message socket: its upgrade is
 *   routed as `/api/message/websocket/{token}` (modules/im/socket.ts);
 * - the API as ever: paths under `/api/` that no route serves keep answering the 404 envelope.
 * Register it after the API modules (buildApp's `plugins`) with `serveClient: false`.
 */
export function jnpfClient(folder: string): FastifyPluginAsync {
  const root = resolve(folder);
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root} holds no index.html: not a JNPF web client build`);
  return async (app: FastifyInstance) => {
    // The upgrade of `/websocket/{token}` is routed as `/api/message/websocket/{token}`: this listener runs before
    // @fastify/websocket's (prepended), which routes the upgrade request by its url.
    const rewrite = (req: IncomingMessage) => {
      if (req.url?.startsWith('/websocket/')) req.url = `/api/message${req.url}`;
    };
    app.server.prependListener('upgrade', rewrite);
    app.addHook('onClose', async () => {
      app.server.off('upgrade', rewrite);
    });
    // A plain GET of the socket path is no page: the 404 envelope, as for the API's own socket path.
    app.get('/websocket/*', { config: { access: 'public' } }, async () => {
      throw ApiError.notFound();
    });
    await app.register(async (scope) => {
      markPublicScope(scope);
      // wildcard: false — every file gets its own route, so `/*` below is only reached by paths that are no file.
      await scope.register(fastifyStatic, { root, prefix: '/', wildcard: false, index: false });
      scope.get('/*', async (req, reply) => {
        if (req.url.startsWith('/api/') || req.url === '/api') throw ApiError.notFound();
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      });
    });
  };
}
