import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { SEED } from '../../server/src/db/seed/ids';
import { seedModelButtons } from '../../server/src/db/seed/menus';
import { md5Hex } from '../../server/src/lib/password';
import { MENU_ROUTE, subtableModel } from '../fixtures/subtable';
import { databaseUrlFor, type RunningServer, startServer } from './harness';

export { linesOf, MENU_ROUTE, subtableModel } from '../fixtures/subtable';

/** The running server with the model behind a menu the administrator may use, and a function to add records. */
export interface SubtableServer {
  server: RunningServer;
  modelId: string;
  /** Creates a record `{ title, lines }` through the API as the administrator; resolves to its id. */
  create: (title: string, lines: Array<Record<string, unknown>>) => Promise<string>;
}

/**
 * Sets up the model, its menu (the menu row has no API: written to the database) with the model buttons granted to
 * the administrator role, then starts the real server on that data (PostgreSQL when DATABASE_URL is set).
 */
export async function startSubtableServer(password: string, requiredItem = true): Promise<SubtableServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kd-e2e-'));
  const menu = 'menu-subtable-lines';
  const app = await buildApp({ dataDir, databaseUrl: await databaseUrlFor(dataDir), adminPassword: password, serveClient: false });
  let modelId = '';
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'admin', password: md5Hex(password), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
    });
    const authorization = login.json().data.token as string;
    const r = (await app.inject({ method: 'POST', url: '/api/visualdev/Base', headers: { authorization }, payload: subtableModel(requiredItem) as object })).json();
    assert.equal(r.code, 200, r.msg);
    modelId = r.data.id;
    await app.db
      .insertInto('module')
      .values({ id: menu, parent_id: SEED.menus.supply, full_name: '明细单', en_code: MENU_ROUTE, icon: 'TableOutlined', type: 3, url_address: `model/${MENU_ROUTE}`, link_target: '_self', category: 'Web', property_json: JSON.stringify({ moduleId: modelId, isTree: 0 }), sort_code: 3 })
      .execute();
    await seedModelButtons(app.db, menu);
    const buttons = await app.db.selectFrom('module_button').select('id').where('module_id', '=', menu).execute();
    const items = [{ item_type: 'module' as const, item_id: menu }, ...buttons.map((b) => ({ item_type: 'button' as const, item_id: b.id }))];
    await app.db
      .insertInto('authorize')
      .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
      .execute();
  } finally {
    await app.close();
  }
  const server = await startServer({ KD_ADMIN_PASSWORD: password }, dataDir);
  let token = '';
  const create = async (title: string, lines: Array<Record<string, unknown>>) => {
    if (!token) {
      const res = await fetch(`${server.url}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: 'admin', password: md5Hex(password), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
      });
      token = ((await res.json()) as { data: { token: string } }).data.token;
    }
    const res = await fetch(`${server.url}/api/visualdev/OnlineDev/${modelId}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ title, lines }) });
    const env = (await res.json()) as { code: number; msg: string; data: { id: string } };
    assert.equal(env.code, 200, env.msg);
    return env.data.id;
  };
  return { server, modelId, create };
}
