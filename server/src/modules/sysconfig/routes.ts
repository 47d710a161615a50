import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../../plugins/envelope';
import { resolveKey } from './defaults';
import { passwordPolicy, publicValue } from './repository';

const SEGMENT = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

/**
 * The port the client used: the `X-Forwarded-Port` header behind a proxy, else the port of the Host header,
 * else the socket's local port. Used only to pick the supply-chain title on port 8093 (spec 000 §1, §9).
 */
export function requestPort(req: FastifyRequest): number | undefined {
  const fwd = req.headers['x-forwarded-port'];
  const fromFwd = Number(Array.isArray(fwd) ? fwd[0] : fwd);
  if (Number.isInteger(fromFwd) && fromFwd > 0) return fromFwd;
  const host = req.headers.host ?? '';
  const m = /:(\d+)$/.exec(host);
  if (m) return Number(m[1]);
  return req.socket?.localPort;
}

/**
 * GET /api/system/sysconfig/:a/:b (spec 000 §3 "Config values: a Value field", §7 Common) → data `{ Value }`.
 * Public (the login page shows the system name). Serves only the public shell settings (modules/sysconfig/defaults.ts):
 * sysName/{lang} (on port 8093 the supply-chain name), supplyName/{lang}, sysInfo/{version|team|company|tagline|
 * copyright}, logo/{login|navigation|icon}. Unknown key → 404; a malformed segment → 400 naming it.
 */
export default async function sysconfigRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { a: string; b: string } }>(
    '/api/system/sysconfig/:a/:b',
    {
      config: { access: 'public' },
      schema: { params: { type: 'object', properties: { a: SEGMENT, b: SEGMENT }, required: ['a', 'b'] } },
    },
    async (req) => {
      const value = await publicValue(app.db, resolveKey(req.params.a, req.params.b, requestPort(req)));
      if (value === undefined) throw ApiError.notFound();
      return ok({ Value: value });
    },
  );

  /**
   * GET /api/system/SysConfig/PasswordPolicy (issue 20 item 6) → data PasswordPolicy `{ passwordStrengthLimit,
   * passwordLengthMin, passwordLengthMinNumber, containsNumbers, includeLowercaseLetters, includeUppercaseLetters,
   * containsCharacters, passwordScoreMin }` (numbers; modules/sysconfig/defaults.ts). Any signed-in user may read it
   * (the password forms apply it before hashing); only these keys, never the rest of the private settings.
   */
  app.get('/api/system/SysConfig/PasswordPolicy', { config: { access: 'signedIn', beforePasswordChange: true } }, async () => ok(await passwordPolicy(app.db)));
}
