import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/src/plugins/auth';
import { type CollectedRoute, createTestApp, routeCollector } from './helpers';
import { fillPath } from './hostile-cases';

/**
 * Empty query parameters mean absent (issue 22 item 6): JNPF's web client sends every search member, filled or not
 * (`GET /api/message?type=&keyword=&isRead=`: Mnxhp src/layout/components/MessageList.vue:88-93, :110). The test walks
 * Fastify's own route table (so a new route is covered without touching this file) and sends every route, signed in as
 * admin, with each query key its schema declares given empty. A GET must answer exactly as without those keys (same
 * body code); no route may answer a 400 naming an optional one of those keys that it does not answer without them (a
 * required key given empty is missing, and says so: `{key}不能为空`).
 */

const collector = routeCollector();
const t = await createTestApp({ appOptions: { onRoute: collector.onRoute } });
afterAll(() => t.close());

/** A fresh admin session (Logout ends the one in use; the sweep calls it too). */
async function adminToken(): Promise<string> {
  const admin = await t.app.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  return `Bearer ${await createSession(t.app.db, admin.id, null, null)}`;
}

const declared = (r: CollectedRoute) => Object.keys(r.options.schema?.querystring?.properties ?? {});
const required = (r: CollectedRoute) => new Set<string>(r.options.schema?.querystring?.required ?? []);

async function call(route: CollectedRoute, url: string): Promise<{ code: number | null; msg: string }> {
  const withBody = !['GET', 'HEAD'].includes(route.method);
  const res = await t.app.inject({ method: route.method as 'GET', url, headers: { authorization: await adminToken(), ...(withBody ? { 'content-type': 'application/json' } : {}) }, payload: withBody ? '{}' : undefined });
  try {
    const body = res.json() as { code?: number; msg?: string };
    return { code: typeof body.code === 'number' ? body.code : null, msg: String(body.msg ?? '') };
  } catch {
    return { code: res.statusCode === 200 ? 200 : null, msg: '' };
  }
}

describe('empty query parameters mean absent (issue 22 item 6)', () => {
  it('GET /api/message?type=&keyword=&isRead= answers the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/message?type=&keyword=&isRead=&currentPage=1&pageSize=20', headers: { authorization: await adminToken() } });
    const body = res.json();
    expect(body.code, body.msg).toBe(200);
    expect(Array.isArray(body.data.list)).toBe(true);
  });

  it('a key given both empty and filled keeps the filled value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/message?pageSize=&pageSize=5', headers: { authorization: await adminToken() } });
    expect(res.json().data.pagination.pageSize).toBe(5);
  });

  it('every route with declared query keys answers them empty as absent', async () => {
    const routes = collector.routes.filter((r) => r.method !== 'HEAD' && declared(r).length > 0 && !/Logout/i.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      const keys = declared(route);
      const base = fillPath(route.url, () => '1900000000000000001');
      const empty = await call(route, `${base}?${keys.map((k) => `${encodeURIComponent(k)}=`).join('&')}`);
      const absent = await call(route, base);
      const optional = keys.filter((k) => !required(route).has(k));
      if (empty.code === 400 && optional.some((k) => empty.msg.includes(k)) && empty.msg !== absent.msg) problems.push(`${route.method} ${route.url}: ${empty.msg}`);
      if (route.method === 'GET' && absent.code !== empty.code) problems.push(`${route.method} ${route.url}: ${absent.code} without the keys, ${empty.code} (${empty.msg}) with them empty`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
