import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { KD_CLIENT_PATH } from '../modules/oauth/jnpf-menus';
import { markPublicScope } from './auth';
import { clientCacheHeaders, REVALIDATE_CACHE } from './client-cache';
import { ApiError } from './envelope';

/** Our own client's build (`npx vite build` → dist/), served beside the JNPF build at KD_CLIENT_PATH. */
const OWN_DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

/**
 * Serves a JNPF v3.4 web client build on our origin (issue 22 item 7, `npm run jnpf-client -- <folder>`):
 * - the build's static files at `/` (its `static/`, `cdn/`, index.html);
 * - the history fallback: any other GET outside `/api/` answers index.html (the client's router runs in history
 *   mode: Mnxhp src/router/index.js `mode: 'history'`), so a reload on `/onlineDev/webDesign` opens that page;
 * - `/websocket/{token}`, the socket a production build opens on the page's origin (Mnxhp src/layout/components/
 *   NavbarRight.vue:191 `window.location.origin + '/websocket/' + token`), served by our message socket: its upgrade is
 *   routed as `/api/message/websocket/{token}` (modules/im/socket.ts);
 * - the API as ever: paths under `/api/` that no route serves keep answering the 404 envelope;
 * - our own client (`ownDir`, default the project's dist/, when built) at `/kd/` (its index.html; its `/assets/` files
 *   beside the JNPF build's `static/`), which the menus of our own screens open in JNPF's iframe (oauth/jnpf-menus.ts).
 * Register it after the API modules (buildApp's `plugins`) with `serveClient: false`.
 */
export function jnpfClient(folder: string, ownDir: string = OWN_DIST): FastifyPluginAsync {
  const root = resolve(folder);
  const own = resolve(ownDir);
  const hasOwn = existsSync(join(own, 'index.html')) && !existsSync(join(root, 'assets'));
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
      if (hasOwn) {
        const ownAssets = join(own, 'assets');
        // wildcard: a rebuild of our client (new hashed names) is served without a restart, as app.ts serves it.
        await scope.register(fastifyStatic, { root: ownAssets, prefix: '/assets/', wildcard: true, index: false, preCompressed: true, decorateReply: false, setHeaders: clientCacheHeaders(own) });
        const ownIndex = async (_req: unknown, reply: FastifyReply) => reply.header('Cache-Control', REVALIDATE_CACHE).sendFile('index.html', own);
        scope.get(KD_CLIENT_PATH, ownIndex);
        scope.get(KD_CLIENT_PATH.slice(0, -1), ownIndex);
      }
      scope.get('/*', async (req, reply) => {
        if (req.url.startsWith('/api/') || req.url === '/api') throw ApiError.notFound();
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      });
    });
  };
}
