import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequestWindow } from '../../server/src/modules/metrics/window';
import { createTestApp, type TestApp } from './helpers';

/**
 * Prometheus metrics at /metrics behind KD_METRICS_TOKEN, and the monitor's figures beyond JNPF (issue 23 item 3):
 * requests per second and error rate over the last minute, database pool use, the last backup's age.
 */

let dataDir: string;
let t: TestApp;
let admin: string;

/** A route that fails like a bug would (HTTP 500 through the envelope's error handler), for the error rate. */
async function faulty(app: FastifyInstance): Promise<void> {
  app.get('/api/test-metrics/Boom/:id', { config: { access: 'public' } }, async () => {
    throw new Error('boom for the error rate');
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-metrics-'));
  vi.stubEnv('KD_DATA_DIR', dataDir);
  t = await createTestApp({ appOptions: { plugins: [faulty] } });
  admin = await t.login();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is not there without KD_METRICS_TOKEN, refuses a missing or wrong token', async () => {
    vi.stubEnv('KD_METRICS_TOKEN', '');
    const none = await scrape('Bearer anything');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 404 });
    expect(none.body).not.toContain('kd_http');
    vi.stubEnv('KD_METRICS_TOKEN', 'metrics-secret-1234');
    for (const h of [undefined, 'Bearer wrong', 'metrics-secret-1234', `Bearer ${admin}`]) {
      const r = await scrape(h);
      expect(r.statusCode).toBe(401);
      expect(r.body).not.toContain('kd_http');
    }
  });

  it('counts requests by route pattern (no ids, no queries) and shows process, pool, log queue and list gate metrics', async () => {
    vi.stubEnv('KD_METRICS_TOKEN', 'metrics-secret-1234');
    await t.call('GET', '/api/system/Monitor?keyword=secretquery', { token: admin });
    await t.app.inject({ method: 'GET', url: '/api/test-metrics/Boom/7788990011' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/5566778899' });
    const r = await scrape('Bearer metrics-secret-1234');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const text = r.body;
    expect(text).toMatch(/kd_http_requests_total\{method="GET",route="\/api\/system\/Monitor",status="200"\} [1-9]/);
    expect(text).toMatch(/kd_http_requests_total\{method="GET",route="\/api\/test-metrics\/Boom\/:id",status="500"\} 1/);
    expect(text).toMatch(/kd_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).toMatch(/kd_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/system\/Monitor"\}/);
    for (const leak of ['7788990011', '5566778899', 'secretquery', admin]) expect(text).not.toContain(leak);
    expect(text).toMatch(process.env.DATABASE_URL ? /\nkd_db_pool_size [1-9]\d*\n/ : /\nkd_db_pool_size 1\n/);
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_p99_seconds', 'kd_db_pool_in_use', 'kd_db_pool_waiting', 'kd_log_queue_dropped_total 0', 'kd_list_gate_waiting 0']) {
      expect(text).toContain(name);
    }
  });
});

describe('GET /api/system/Monitor beyond JNPF', () => {
  it('has requests per second and error rate over the last minute, pool use and the last backup age, as fields and rows', async () => {
    const before = await t.call('GET', '/api/system/Monitor', { token: admin });
    expect(before.data.backup).toEqual({ last: null, lastTime: null, ageSeconds: null, age: '' });
    // A backup taken two hours ago, as the backup module lists it (kd-backup-<utc stamp>-<hex>.tar).
    const at = new Date(Date.now() - 2 * 3600_000);
    const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    await mkdir(join(dataDir, 'backups'), { recursive: true });
    await writeFile(join(dataDir, 'backups', `kd-backup-${stamp}-abc123.tar`), 'x');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/test-metrics/Boom/${i}` });
    const r = await t.call('GET', '/api/system/Monitor', { token: admin });
    expect(r.code).toBe(200);
    expect(r.data.cpu).toMatchObject({ coreNumber: expect.any(Number) }); // JNPF's shape is kept
    // PGlite has one connection; PostgreSQL the pool's size.
    const pool = r.data.database.pool as { size: number; inUse: number; waiting: number };
    expect(pool).toEqual({ size: expect.any(Number), inUse: expect.any(Number), waiting: expect.any(Number) });
    expect(process.env.DATABASE_URL ? pool.size : 1).toBe(pool.size);
    expect(pool.inUse).toBeLessThanOrEqual(pool.size);
    const q = r.data.requests;
    expect(q.windowSeconds).toBe(60);
    expect(q.errors).toBeGreaterThanOrEqual(3);
    expect(q.requests).toBeGreaterThan(q.errors);
    expect(q.perSecond).toBeCloseTo(q.requests / 60, 1);
    expect(q.errorRate).toBeCloseTo(q.errors / q.requests, 3);
    expect(r.data.backup.last).toBe(`kd-backup-${stamp}-abc123.tar`);
    expect(r.data.backup.ageSeconds).toBeGreaterThanOrEqual(7199);
    expect(r.data.backup.ageSeconds).toBeLessThan(7260);
    expect(r.data.backup.age).toBe('2小时0分钟');
    const rows = await t.call('GET', '/api/system/Monitor/Items', { token: admin, headers: { 'accept-language': 'en' } });
    const byId = Object.fromEntries(rows.data.list.map((x: { id: string; name: string; value: string }) => [x.id, x]));
    expect(byId['requests.perSecond']).toMatchObject({ group: 'Requests (last minute)', name: 'Requests per second' });
    expect(Number(byId['requests.errorRate'].value)).toBeGreaterThan(0);
    expect(byId['database.poolInUse'].value).toMatch(new RegExp(`^\\d+ / ${pool.size}$`));
    expect(byId['backup.age']).toMatchObject({ name: 'Age', value: '2小时0分钟' });
  });
});

describe('RequestWindow', () => {
  it('forgets requests older than its window', () => {
    const w = new RequestWindow(60);
    const t0 = 1_700_000_000_000;
    w.add(false, t0);
    w.add(true, t0 + 500);
    expect(w.read(t0 + 1000)).toMatchObject({ requests: 2, errors: 1, errorRate: 0.5 });
    w.add(false, t0 + 61_000);
    expect(w.read(t0 + 61_000)).toMatchObject({ requests: 1, errors: 0, errorRate: 0 });
  });
});
