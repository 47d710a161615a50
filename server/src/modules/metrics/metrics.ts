import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { dbFacts } from '../../plugins/db';
import { listGate } from '../visualdev/list-budget';
import { RequestWindow } from './window';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests answered over the last minute (modules/metrics/window.ts): the monitor's rate and error rate. */
    requestWindow: RequestWindow;
  }
}

/** Buckets of the request duration histogram, seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request's route: Fastify's pattern (`/api/visualdev/OnlineDev/:id/List`), never the raw URL; `unmatched` for a 404 of the router. */
export function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

let defaults: Registry | null = null;
/** The process metrics (CPU, memory, heap, GC, handles, event-loop lag), one registry per process, started on the first scrape. */
function defaultRegistry(): Registry {
  if (!defaults) {
    defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
  }
  return defaults;
}

/** True when the Authorization header is `Bearer <token>` (compared in constant time through sha256). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return given.length > 0 && timingSafeEqual(a, b);
}

const bodyFault = new WeakSet<FastifyRequest>();

/**
 * Installs Prometheus metrics (issue 23 item 3; prom-client) on the root instance, before the modules so that every
 * route is counted: `app.requestWindow` and onSend/onResponse hooks that count each answer, and GET /metrics in the
 * Prometheus text format. The endpoint is guarded by an admin token, not a session: env KD_METRICS_TOKEN, sent as
 * `Authorization: Bearer <token>`; without KD_METRICS_TOKEN it answers the envelope's 404 (nothing leaks), with a
 * wrong or missing token HTTP 401 (envelope code 401). Metrics (labels are route patterns, never URLs, ids or queries):
 * - `kd_http_requests_total{method,route,status}`, `kd_http_request_duration_seconds{method,route}` (histogram);
 * - `kd_db_pool_size`, `kd_db_pool_in_use`, `kd_db_pool_waiting` (PostgreSQL pool; PGlite: its one connection and
 *   the queue for it), `kd_list_gate_busy`, `kd_list_gate_waiting` (list budget, visualdev/list-budget.ts);
 * - `kd_log_queue_size`, `kd_log_queue_dropped_total`, `kd_log_queue_failed_total` (system log queue, modules/syslog);
 * - the process defaults of prom-client (`process_*`, `nodejs_*`, event-loop lag `nodejs_eventloop_lag_*_seconds`).
 */
export function registerMetrics(app: FastifyInstance): void {
  const window = new RequestWindow(60);
  app.decorate('requestWindow', window);
  const registry = new Registry();
  const requests = new Counter({ name: 'kd_http_requests_total', help: 'HTTP requests answered, by method, route pattern and HTTP status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'kd_http_request_duration_seconds',
    help: 'Time to answer a request, seconds, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pool = () => dbFacts(app.db).pool();
  new Gauge({ name: 'kd_db_pool_size', help: 'Database connections at most (PGlite: 1)', registers: [registry], collect() { this.set(pool().size); } });
  new Gauge({ name: 'kd_db_pool_in_use', help: 'Database connections checked out now', registers: [registry], collect() { this.set(pool().inUse); } });
  new Gauge({ name: 'kd_db_pool_waiting', help: 'Callers waiting for a database connection now', registers: [registry], collect() { this.set(pool().waiting); } });
  new Gauge({ name: 'kd_list_gate_busy', help: 'List search statements running in the list budget gate', registers: [registry], collect() { this.set(listGate(app.db).busy); } });
  new Gauge({ name: 'kd_list_gate_waiting', help: 'List search statements waiting for the list budget gate', registers: [registry], collect() { this.set(listGate(app.db).waiting); } });
  new Gauge({ name: 'kd_log_queue_size', help: 'System log rows waiting to be written', registers: [registry], collect() { this.set(app.sysLog?.size ?? 0); } });
  new Counter({ name: 'kd_log_queue_dropped_total', help: 'System log rows dropped because the queue was full', registers: [registry], collect() { this.reset(); this.inc(app.sysLog?.dropped ?? 0); } });
  new Counter({ name: 'kd_log_queue_failed_total', help: 'System log rows lost because their INSERT failed', registers: [registry], collect() { this.reset(); this.inc(app.sysLog?.failed ?? 0); } });

  // Callback hooks (no promise per request): they never wait.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string' && /^\{"code":5\d\d[,}]/.test(payload)) bodyFault.add(req);
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeLabel(req);
    const status = reply.statusCode;
    requests.inc({ method: req.method, route, status: String(status) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    window.add(status >= 500 || bodyFault.has(req));
    done();
  });

  /** GET /metrics: Prometheus text format (see above); 404 without KD_METRICS_TOKEN, 401 with a wrong token. */
  app.get('/metrics', { config: { access: 'public' } }, async (req, reply) => {
    const token = process.env.KD_METRICS_TOKEN;
    if (!token) return reply.callNotFound();
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').type('application/json; charset=utf-8').send({ code: 401, msg: 'Unauthorized', data: null });
    }
    const merged = Registry.merge([registry, defaultRegistry()]);
    return reply.header('Cache-Control', 'no-store').type(merged.contentType).send(await merged.metrics());
  });
}
