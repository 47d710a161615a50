import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** One load run against a list endpoint (loopback HTTP, keep-alive). */
export interface LoadOptions {
  port: number;
  path: string;
  /** JSON body of every request (POST). */
  body: unknown;
  /** `Authorization` header value. */
  token: string;
  /** Requests in flight at once (one keep-alive connection each). */
  concurrency: number;
  /** How long to run, in ms (requests started before the end are awaited). */
  ms: number;
  /** Keep going past `ms` until this many requests completed (latency medians need a few), at most 4 × ms. */
  minRequests?: number;
}

/** What a run measured: completed requests, failed ones (HTTP ≠ 200 or body code ≠ 200), latencies in ms. */
export interface LoadResult {
  ops: number;
  errors: number;
  /** Wall time of the run in ms. */
  ms: number;
  latencies: number[];
  /** The first failure's body (for diagnosis). */
  firstError?: string;
  /** CPU time this process (the load generator) spent per completed request, in µs. */
  clientCpuUs?: number;
}

/** Sends one POST; resolves its status, body text and latency in ms. */
function post(agent: Agent, o: LoadOptions, payload: string): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: o.port,
        path: o.path,
        method: 'POST',
        headers: { authorization: o.token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Closed-loop load (autocannon-like): `concurrency` workers each send the request again as soon as the previous reply
 * ends, for `ms` milliseconds. Bounded: every request times out with its socket after 10 s.
 */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.concurrency, timeout: 10_000 });
  const cpu = process.cpuUsage();
  const payload = JSON.stringify(o.body);
  const out: LoadResult = { ops: 0, errors: 0, ms: 0, latencies: [] };
  const start = performance.now();
  const end = start + o.ms;
  const hardEnd = start + 4 * o.ms;
  const more = () => {
    const now = performance.now();
    return now < end || (now < hardEnd && out.ops + out.errors < (o.minRequests ?? 0));
  };
  const worker = async () => {
    while (more()) {
      try {
        const r = await post(agent, o, payload);
        if (r.status === 200 && r.text.startsWith('{"code":200')) {
          out.ops += 1;
          out.latencies.push(r.ms);
        } else {
          out.errors += 1;
          out.firstError ??= `${r.status} ${r.text.slice(0, 200)}`;
        }
      } catch (e) {
        out.errors += 1;
        out.firstError ??= String(e);
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  out.ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (out.ops) out.clientCpuUs = (used.user + used.system) / out.ops;
  agent.destroy();
  return out;
}

/**
 * Closed-loop throughput load with autocannon (the load generator of Fastify's own benchmarks): `concurrency`
 * keep-alive connections, one request in flight on each, for `ms` milliseconds. It costs the client far less CPU per
 * request than node:http, so on a 2-core machine it leaves more of its core to PostgreSQL, which the baseline loops
 * (no HTTP client at all) have to themselves. A reply counts only when HTTP 200 and its body starts `{"code":200`.
 * `latencies` stays empty (autocannon keeps a 1 ms-resolution histogram; latency runs use {@link runLoad}).
 */
export async function runCannon(o: LoadOptions): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const r = await autocannon({
    url: `http://127.0.0.1:${o.port}${o.path}`,
    method: 'POST',
    body: JSON.stringify(o.body),
    headers: { authorization: o.token, 'content-type': 'application/json' },
    connections: o.concurrency,
    duration: o.ms / 1000,
    timeout: 10,
    verifyBody: (body) => String(body).startsWith('{"code":200'),
  });
  const used = process.cpuUsage(cpu);
  const ops = r['2xx'] - r.mismatches;
  const errors = r.errors + r.non2xx + r.mismatches; // errors include timeouts
  return { ops, errors, ms: r.duration * 1000, latencies: [], firstError: errors ? `${errors} failed (errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, body code ≠ 200 ${r.mismatches})` : undefined, clientCpuUs: ops ? (used.user + used.system) / ops : undefined };
}

/** One POST with a JSON body, its reply parsed (setup and checks). */
export async function postJson<T = unknown>(port: number, path: string, body: unknown, token: string): Promise<T> {
  const agent = new Agent({ keepAlive: false });
  try {
    const r = await post(agent, { port, path, body, token, concurrency: 1, ms: 0 }, JSON.stringify(body));
    return JSON.parse(r.text) as T;
  } finally {
    agent.destroy();
  }
}
