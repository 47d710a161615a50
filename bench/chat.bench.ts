import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../server/src/app';
import { hashPassword } from '../server/src/lib/password';
import { MESSAGE_TOPIC } from '../server/src/modules/im/hub';
import { createSession } from '../server/src/plugins/auth';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median, percentile } from './lib/stats';

/**
 * Chat benchmarks (issue 14 "Performance"; performance.md B10, B11), server and socket clients in one process:
 * - B10: one notice announced to 100 users (the bus `message` event → messagePush on each user's socket, each after
 *   its session re-check) vs a bare `ws` server sending the same frame to 100 clients; latency = until the last
 *   client has it; p50 and p99 ratios, goal ≤ 5×. PGlite in process.
 * - B10k: the same fan-out to 1,000 sockets held by one instance: p99 < 50 ms; memory per socket (RSS and heap
 *   growth over 1,000 signed-in sockets, server and clients both in this process) beside a bare ws server's.
 * - B11: a chat message A → B (SendMessage, stored, receiveMessage) with A on instance 1 and B on instance 2 (one
 *   PostgreSQL, Redis pub/sub) vs both on instance 1; goal ≤ 1.5× (p50). Needs BENCH_PG
 *   (postgres://postgres@127.0.0.1:5432; database kd_bench_chat created and dropped here) and Redis (REDIS_URL,
 *   default redis://127.0.0.1:6379); skipped with a line saying so otherwise.
 * Knobs: BENCH_ROUNDS (5), BENCH_SAMPLES (samples per round and side, 40). Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = 'kd_bench_chat';

const port = (s: { address(): AddressInfo | string | null }) => (s.address() as AddressInfo).port;

/** Adds `n` users with one session each; returns their ids and `Bearer` tokens. */
async function users(app: FastifyInstance, prefix: string, n: number): Promise<Array<{ id: string; token: string }>> {
  const password = await hashPassword('0'.repeat(32));
  const rows = Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, account: `${prefix}${i}`, real_name: `${prefix}${i}`, password, change_pwd_times: 1 }));
  for (let i = 0; i < rows.length; i += 500) await app.db.insertInto('users').values(rows.slice(i, i + 500)).execute();
  const out: Array<{ id: string; token: string }> = [];
  for (const r of rows) out.push({ id: r.id, token: `Bearer ${await createSession(app.db, r.id, null, null)}` });
  return out;
}

/** A signed-in chat socket (OnConnection answered) whose frames go to `onFrame`. */
async function chatSocket(base: string, token: string, onFrame: (f: { method: string }) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${base}/api/message/websocket/${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (d) => {
      const f = JSON.parse(String(d)) as { method: string };
      if (f.method === 'initMessage') resolve();
      onFrame(f);
    });
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
  });
  return ws;
}

/** Fan-out rig: `fire()` sends one frame to every client; `sample()` times one fire until all clients got it (ms). */
interface Rig {
  sample(): Promise<number>;
  close(): Promise<void>;
}

function counter(n: number) {
  let got = 0;
  let done: (() => void) | null = null;
  return {
    hit() {
      got += 1;
      if (got === n && done) done();
    },
    arm(): Promise<void> {
      got = 0;
      return new Promise<void>((r) => {
        done = r;
      });
    },
  };
}

async function productRig(app: FastifyInstance, base: string, n: number, prefix: string): Promise<Rig> {
  const people = await users(app, prefix, n);
  const c = counter(n);
  const sockets: WebSocket[] = [];
  for (const p of people) sockets.push(await chatSocket(base, p.token, (f) => f.method === 'messagePush' && c.hit()));
  const ids = people.map((p) => p.id);
  return {
    async sample() {
      const all = c.arm();
      const t = performance.now();
      await app.bus.publish(MESSAGE_TOPIC, { userIds: ids, id: 'bench', title: 'bench', type: 1, createdBy: null });
      await all;
      return performance.now() - t;
    },
    async close() {
      for (const s of sockets) s.terminate();
    },
  };
}

async function bareRig(n: number): Promise<Rig & { server: WebSocketServer }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const c = counter(n);
  const clients: WebSocket[] = [];
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port(server)}`);
    ws.on('message', () => c.hit());
    await new Promise<void>((r) => ws.once('open', () => r()));
    clients.push(ws);
  }
  const frame = JSON.stringify({ method: 'messagePush', unreadNoticeCount: 1 });
  return {
    server,
    async sample() {
      const all = c.arm();
      const t = performance.now();
      for (const s of server.clients) s.send(frame);
      await all;
      return performance.now() - t;
    },
    async close() {
      for (const s of clients) s.terminate();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Interleaved rounds of SAMPLES samples each side; per-round ratios of p50 and p99. */
async function interleave(subject: Rig, baseline: Rig) {
  for (let i = 0; i < 10; i++) {
    await baseline.sample();
    await subject.sample();
  }
  const s: number[][] = [];
  const b: number[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const bs: number[] = [];
    const ss: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      bs.push(await baseline.sample());
      ss.push(await subject.sample());
    }
    b.push(bs);
    s.push(ss);
  }
  const at = (xs: number[][], p: number) => xs.map((x) => percentile(x, p));
  return {
    p50: at(s, 50).map((x, i) => x / at(b, 50)[i]),
    p99: at(s, 99).map((x, i) => x / at(b, 99)[i]),
    s50: median(at(s, 50)),
    s99: median(at(s, 99)),
    b50: median(at(b, 50)),
    b99: median(at(b, 99)),
  };
}

const outcomes: Outcome[] = [];
const notes: string[] = ['Ratio: subject latency / baseline latency per round (lower is better); latency = until the last socket has the frame.'];

// ---- B10, B10k: one instance on PGlite ----
const pglite = await PGlite.create();
const app = await buildApp({ pglite, adminPassword: 'Bench@12345', serveClient: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `ws://127.0.0.1:${port(app.server)}`;
{
  const ours = await productRig(app, base, 100, 'b10-');
  const bare = await bareRig(100);
  const r = await interleave(ours, bare);
  outcomes.push(
    { id: 'B10', name: 'fan-out of one notice to 100 sockets, p50', subject: `product: ${fixed(r.s50)} ms`, baseline: `bare ws: ${fixed(r.b50)} ms`, ratios: r.p50, goal: 5, higherIsBetter: false },
    { id: 'B10p99', name: 'fan-out of one notice to 100 sockets, p99', subject: `product: ${fixed(r.s99)} ms`, baseline: `bare ws: ${fixed(r.b99)} ms`, ratios: r.p99, goal: 5, higherIsBetter: false },
  );
  await ours.close();
  await bare.close();
}
{
  global.gc?.();
  const before = process.memoryUsage();
  const ours = await productRig(app, base, 1000, 'b10k-');
  global.gc?.();
  const after = process.memoryUsage();
  const bareBefore = process.memoryUsage();
  const bare = await bareRig(1000);
  global.gc?.();
  const bareAfter = process.memoryUsage();
  const r = await interleave(ours, bare);
  const kb = (a: NodeJS.MemoryUsage, b: NodeJS.MemoryUsage, k: 'rss' | 'heapUsed') => fixed((a[k] - b[k]) / 1000 / 1024, 1);
  outcomes.push({
    id: 'B10k',
    name: 'fan-out of one notice to 1,000 sockets, p99 (goal: < 50 ms absolute)',
    subject: `product: p50 ${fixed(r.s50)} ms, p99 ${fixed(r.s99)} ms`,
    baseline: `bare ws: p50 ${fixed(r.b50)} ms, p99 ${fixed(r.b99)} ms`,
    ratios: r.p99,
    goal: null,
    higherIsBetter: false,
    extraOk: r.s99 < 50,
    extraGoal: 'p99 < 50 ms',
  });
  notes.push(
    `B10k memory per socket, server and client in one process: product RSS +${kb(after, before, 'rss')} KB, heap +${kb(after, before, 'heapUsed')} KB; bare ws RSS +${kb(bareAfter, bareBefore, 'rss')} KB, heap +${kb(bareAfter, bareBefore, 'heapUsed')} KB (${global.gc ? 'after gc' : 'run with --expose-gc for steadier figures'}).`,
    `B10k p99 ${fixed(r.s99)} ms: ${r.s99 < 50 ? 'meets' : 'misses'} the < 50 ms goal.`,
  );
  await ours.close();
  await bare.close();
}
await app.close();

// ---- B11: two instances on PostgreSQL + Redis ----
const dbUrl = (name: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
async function pgAdmin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl('postgres') });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}
let b11 = false;
try {
  await pgAdmin(`drop database if exists ${DB_NAME} with (force)`);
  await pgAdmin(`create database ${DB_NAME}`);
  b11 = true;
} catch (err) {
  notes.push(`B11 not run: PostgreSQL at BENCH_PG does not answer (${err instanceof Error ? err.message : String(err)}).`);
}
if (b11) {
  const one = await buildApp({ databaseUrl: dbUrl(DB_NAME), redisUrl: REDIS_URL, adminPassword: 'Bench@12345', serveClient: false });
  const two = await buildApp({ databaseUrl: dbUrl(DB_NAME), redisUrl: REDIS_URL, adminPassword: 'Bench@12345', serveClient: false });
  await one.listen({ port: 0, host: '127.0.0.1' });
  await two.listen({ port: 0, host: '127.0.0.1' });
  const [a, b, c] = await users(one, 'b11-', 3);
  const received = new Map<string, () => void>();
  const onB = (f: { method: string; formMessage?: string }) => {
    if (f.method === 'receiveMessage' && typeof f.formMessage === 'string') received.get(f.formMessage)?.();
  };
  const sender = await chatSocket(`ws://127.0.0.1:${port(one.server)}`, a.token, () => {});
  const bOnTwo = await chatSocket(`ws://127.0.0.1:${port(two.server)}`, b.token, onB);
  const cOnOne = await chatSocket(`ws://127.0.0.1:${port(one.server)}`, c.token, onB);
  let n = 0;
  const rig = (to: string): Rig => ({
    async sample() {
      const text = `m${n++}`;
      const got = new Promise<void>((r) => received.set(text, r));
      const t = performance.now();
      sender.send(JSON.stringify({ method: 'SendMessage', toUserId: to, messageType: 'text', messageContent: text, token: a.token }));
      await got;
      received.delete(text);
      return performance.now() - t;
    },
    async close() {},
  });
  // The sender's socket allows RATE_PER_SEC frames a second after its burst: pace the samples under it.
  const paced = (r: Rig): Rig => ({
    ...r,
    sample: async () => {
      await new Promise((res) => setTimeout(res, 110));
      return r.sample();
    },
  });
  const r = await interleave(paced(rig(b.id)), paced(rig(c.id)));
  outcomes.push({
    id: 'B11',
    name: 'chat message A → B, A on instance 1 and B on instance 2 (PostgreSQL + Redis) vs both on instance 1, p50',
    subject: `two instances: ${fixed(r.s50)} ms (p99 ${fixed(r.s99)})`,
    baseline: `one instance: ${fixed(r.b50)} ms (p99 ${fixed(r.b99)})`,
    ratios: r.p50,
    goal: 1.5,
    higherIsBetter: false,
  });
  for (const s of [sender, bOnTwo, cOnOne]) s.terminate();
  await two.close();
  await one.close();
  await pgAdmin(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
}

const env = `${new Date().toISOString()}; server and clients in one process; ${ROUNDS} interleaved rounds of ${SAMPLES} samples; load average ${loadavg().map((x) => fixed(x, 1)).join(' ')}`;
printReport('chat', outcomes, notes, env);
checkRegressions(outcomes);
process.exit(0);
