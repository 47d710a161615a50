import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverFaults } from '../../plugins/envelope';
import type { Access } from '../../plugins/permissions';
import { LogQueue, type LogRow } from './queue';
import { redactText, redactUrl } from './redact';
import { purgeLogs } from './repository';

/** Log kinds (JNPF Log/{type}): 1 sign-in (login_log), 3 operation, 4 exception, 5 request. */
export const LOG_TYPES = { signIn: 1, operation: 3, exception: 4, request: 5 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The system log write queue (modules/syslog/queue.ts). */
    sysLog: LogQueue;
  }
  interface FastifyRequest {
    /** The envelope code (and a created record's id) of this request's JSON reply, noted for its log rows (a request decoration, not a WeakMap: no ephemeron per request for the GC). */
    kdLogEnvelope: { code: number; id?: string } | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * POST routes that only read: JNPF posts its list queries (`…/OnlineDev/{id}/List`, `SelList`, `getUserList`,
 * `GetSnoList`…), so a route whose last path segment ends in `List` is a read — a request row, no operation row,
 * and its reply (a page of rows) is not parsed for a created id.
 */
const READ_POST = /list$/i;
/** True when `req` (on route pattern `url`) changes something: a write method on a route that is not a list query. */
function isWrite(req: FastifyRequest, url: string | undefined = req.routeOptions.url): boolean {
  if (!WRITES.has(req.method)) return false;
  return !(req.method === 'POST' && READ_POST.test((url ?? '').split('/').pop() ?? ''));
}

/** The envelope code (and a created record's `data.id`) of a JSON reply, read without parsing large bodies. */
function readEnvelope(payload: unknown, wantId: boolean): { code: number; id?: string } | null {
  if (typeof payload !== 'string' || !payload.startsWith('{"code":')) return null;
  const m = /^\{"code":(-?\d+)/.exec(payload);
  if (!m) return null;
  const out: { code: number; id?: string } = { code: Number(m[1]) };
  if (wantId && payload.length < 65_536) {
    try {
      const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
      if (typeof id === 'string' || typeof id === 'number') out.id = String(id);
    } catch {
      /* not JSON after all */
    }
  }
  return out;
}

/** The route pattern and access of `req` (Fastify builds `routeOptions` anew on each read: read it once). */
type Route = { url: string; access: Access | 'public' | undefined };

/** The module a route belongs to: its menu, or its model (the id in the path parameter access.model names), else its area path (`system/DataInterface`). */
function moduleOf(req: FastifyRequest, route: Route): string {
  const access = route.access;
  if (access && typeof access === 'object') return 'menu' in access ? access.menu : String((req.params as Record<string, unknown> | undefined)?.[access.model] ?? access.model);
  const parts = route.url.split('/').filter((p) => p && p !== 'api' && !p.startsWith(':'));
  return parts.slice(0, 2).join('/');
}

/** What a write did: create / update / delete by method, or the named action (`Actions/State` → State). */
function actionOf(req: FastifyRequest, route: Route): string {
  const url = route.url;
  const named = /\/Actions\/(\w+)/.exec(url)?.[1];
  if (named) return named;
  if (req.method === 'DELETE') return 'delete';
  if (req.method === 'PUT' || req.method === 'PATCH' || /\/:id$/.test(url)) return 'update';
  return 'create';
}

/** `realName/account` of a signed-in caller, made once per (cached) session object. */
const userNames = new WeakMap<object, string>();
function userNameOf(auth: NonNullable<FastifyRequest['auth']>): string {
  let name = userNames.get(auth);
  if (name === undefined) {
    name = `${auth.realName}/${auth.account}`;
    userNames.set(auth, name);
  }
  return name;
}

/** The common columns of a row about `req` (its id is made when the row is written: queue.ts). */
function baseRow(req: FastifyRequest, type: number): LogRow {
  const ua = req.headers['user-agent'];
  return {
    id: '',
    type,
    user_id: req.auth?.userId ?? null,
    user_name: req.auth ? userNameOf(req.auth) : null,
    ip: req.ip ?? null,
    user_agent: typeof ua === 'string' ? (ua.length > 300 ? ua.slice(0, 300) : ua) : null,
    method: req.method,
    path: redactUrl(req.url, req.params as Record<string, unknown> | undefined),
    created_at: new Date(),
  };
}

/** Rows (request, operation, exception) of one answered request. */
function rowsOf(req: FastifyRequest, reply: FastifyReply): LogRow[] {
  const env = req.kdLogEnvelope;
  const duration = Math.round(reply.elapsedTime);
  const at = new Date(Date.now() - duration);
  const request = baseRow(req, LOG_TYPES.request);
  request.status = reply.statusCode;
  request.body_code = env?.code ?? null;
  request.duration = duration;
  request.created_at = at;
  const rows: LogRow[] = [request];
  // Neither an operation (a successful write) nor a fault: the request row alone.
  if ((env?.code !== 200 || !WRITES.has(req.method)) && !serverFaults.has(req)) return rows;
  const options = req.routeOptions;
  const route: Route = { url: options.url ?? '', access: options.config?.access as Route['access'] };
  const access = route.access;
  if (isWrite(req, route.url) && env?.code === 200 && access && access !== 'public') {
    // Model routes: the model is `:id` (access.model) and the record `:recordId` (or the created one's data.id).
    const params = req.params as Record<string, unknown> | undefined;
    const byModel = typeof access === 'object' && 'model' in access;
    const fromPath = byModel ? params?.recordId : params?.id;
    const recordId = typeof fromPath === 'string' ? fromPath : (env.id ?? null);
    rows.push({ ...baseRow(req, LOG_TYPES.operation), module: moduleOf(req, route), action: actionOf(req, route), record_id: recordId, body_code: 200, duration, created_at: at });
  }
  const fault = serverFaults.get(req);
  if (fault) {
    const err = fault.err as { message?: unknown; stack?: unknown };
    rows.push({
      ...baseRow(req, LOG_TYPES.exception),
      status: reply.statusCode,
      body_code: 500,
      error_id: fault.id,
      module: moduleOf(req, route),
      message: redactText(String(err?.message ?? fault.err)),
      stack: typeof err?.stack === 'string' ? redactText(err.stack, 8000) : null,
      created_at: at,
    });
  }
  return rows;
}

/**
 * Installs the system logs (issue 23 item 2) on the root instance, before the modules: `app.sysLog` (the queue), an
 * onSend hook that notes the envelope code of each /api reply, and an onResponse hook that queues the request row, an
 * operation row for a successful signed-in write, and an exception row for an unhandled fault (plugins/envelope.ts
 * serverFaults) — nothing on the request path but an array push. Rows older than the retention setting are purged at
 * start (and by the scheduled job, modules/scheduler). The queue is flushed when the app starts closing (preClose, before the database goes).
 * KD_SYSLOG=0 turns the request, operation and exception rows off (benchmarks measure what they cost).
 */
export function registerSysLog(app: FastifyInstance): void {
  const queue = new LogQueue(app.db);
  app.decorate('sysLog', queue);
  app.addHook('preClose', async () => queue.close());
  app.addHook('onReady', async () => {
    await purgeLogs(app.db).catch((err) => app.log.warn({ err }, '[syslog] purge at start failed'));
  });
  app.decorateRequest('kdLogEnvelope', null);
  if (process.env.KD_SYSLOG === '0') return;
  // Callback hooks (no promise per request): they never wait.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.url.startsWith('/api/')) {
      const env = readEnvelope(payload, WRITES.has(req.method) && isWrite(req));
      if (env) req.kdLogEnvelope = env;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (req.url.startsWith('/api/')) for (const row of rowsOf(req, reply)) queue.push(row);
    done();
  });
}
