import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * The `X-KD-Versions` reply header (issue 24 item 6): the data version of each area the client caches, e.g.
 * `di=4,dict=12,perm=7` (`dict` dictionaries, `di` data interfaces, `perm` grants, roles, positions, menus). The
 * counters live in `kd_area_version` and are bumped by database triggers on every write of an area's tables
 * (migration 0340), whoever writes; the client drops the option and popup caches of an area whose number moved
 * (src/api/versions.ts). Until the message bus exists this header is how a change is announced.
 *
 * Cost: the counters are read at most once per VERSIONS_TTL_MS per process, and at once after a non-GET call to an
 * area's API (that tab's own save sees its new number on the save's reply). Another instance's write shows after
 * at most VERSIONS_TTL_MS.
 */

/** Name of the reply header. */
export const VERSIONS_HEADER = 'X-KD-Versions';
/** How long one read of the counters is reused, ms. */
export const VERSIONS_TTL_MS = 1_000;
/** Calls that may write an area's tables: their replies carry freshly read counters. */
const AREA_WRITES = /^\/api\/(system\/(DictionaryType|DictionaryData|DataInterface)|permission\/)/i;

/** Reads the counters as `area=version` pairs joined by commas (sorted by area); '' when the table is missing. */
export async function readAreaVersions(app: FastifyInstance): Promise<string> {
  try {
    const { rows } = await sql<{ area: string; version: string | number }>`select area, version from kd_area_version order by area`.execute(app.db);
    return rows.map((r) => `${r.area}=${r.version}`).join(',');
  } catch {
    return '';
  }
}

/** Installs the onSend hook that puts {@link VERSIONS_HEADER} on every `/api/` reply (see the module comment). */
export function registerAreaVersions(app: FastifyInstance): void {
  let cached: { at: number; value: string } | null = null;
  let reading: Promise<string> | null = null;
  const current = async (fresh: boolean): Promise<string> => {
    if (!fresh && cached && Date.now() - cached.at < VERSIONS_TTL_MS) return cached.value;
    if (!fresh && reading) return reading;
    const at = Date.now();
    const p = readAreaVersions(app).then((value) => {
      if (!cached || cached.at <= at) cached = { at, value };
      return value;
    });
    if (!fresh) reading = p.finally(() => (reading = null));
    return p;
  };
  // A callback hook: a fresh cached value (nearly every reply) is set without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.url.startsWith('/api/')) return done(null, payload);
    const fresh = req.method !== 'GET' && AREA_WRITES.test(req.url);
    if (!fresh && cached && Date.now() - cached.at < VERSIONS_TTL_MS) {
      if (cached.value) reply.header(VERSIONS_HEADER, cached.value);
      return done(null, payload);
    }
    current(fresh).then(
      (value) => {
        if (value) reply.header(VERSIONS_HEADER, value);
        done(null, payload);
      },
      (err: Error) => done(err),
    );
  });
}
