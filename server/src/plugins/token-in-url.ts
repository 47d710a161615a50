import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * File links and image previews carry the session token as `?token=` (a plain <img>/<a> sends no Authorization
 * header; spec 001 uploads, issue 3). Two guards keep that token from leaking (issue 3 uploads, design.md §7):
 * the request log never prints it, and no page sends its URL to another origin as a Referer.
 */

/**
 * `url` with the value of every `token` query parameter, and the token segment of the chat socket's path
 * (`/api/message/websocket/{token}`, modules/im), replaced by `***`; everything else unchanged.
 */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***').replace(/^(\/api\/message\/websocket\/)[^/?#]+/i, '$1***');
}

/** Fastify logger options: on, with the request serialiser of pino's defaults minus the token (see redactToken). */
export function loggerOptions(): FastifyServerOptions['logger'] {
  return {
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactToken(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** Sends `Referrer-Policy: same-origin` with every response, so a URL holding a token never leaves as a Referer. */
export function registerReferrerPolicy(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    done(null, payload);
  });
}
