import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { SEED } from '../../server/src/db/seed/ids';
import { seedModelButtons } from '../../server/src/db/seed/menus';
import { md5Hex } from '../../server/src/lib/password';
import { fromScaffold } from '../fixtures/every-widget';
import { databaseUrlFor, type RunningServer, startServer } from './harness';

/** The menu route of the sub-table model (`#/model/<MENU_ROUTE>`). */
export const MENU_ROUTE = 'subtableLines';

/**
 * A model with one top-level 单号 (comInput) and a sub-table 明细 (`lines`: 物料 comInput, 数量 and 单价 numInput with
 * 2 decimals, 金额 calculate 数量×单价 stored; 合计 row on) — the document shape of issue 25 item 1. `requiredItem`
 * makes 物料 a required cell.
 */
export function subtableModel(requiredItem: boolean) {
  const lines = fromScaffold(
    'table',
    'lines',
    '明细',
    {
      children: [
        fromScaffold('comInput', 'item', '物料', { required: requiredItem }, { maxlength: 50 }),
        fromScaffold('numInput', 'qty', '数量', {}, { min: 0, precision: 2 }),
        fromScaffold('numInput', 'price', '单价', {}, { min: 0, precision: 2 }),
        fromScaffold('calculate', 'amount', '金额', { isStorage: 1 }, { expression: [{ __vModel__: 'qty', label: '数量' }, '×', { __vModel__: 'price', label: '单价' }], precision: 2 }),
      ],
    },
    { 'show-summary': true },
  );
  const fields = [fromScaffold('comInput', 'title', '单号', { required: true }, { maxlength: 40 }), lines];
  return {
    id: '',
    fullName: '明细单',
    enCode: MENU_ROUTE,
    category: 'test',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: 'kd_subtable_lines', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', generalWidth: '1000px', fields },
    columnData: {
      type: 1,
      searchList: [],
      columnList: [
        { prop: 'title', label: '单号', kdKey: 'comInput', sortable: false, width: 160, align: 'left', fixed: 'none' },
        { prop: 'lines', label: '明细', kdKey: 'table', sortable: false, width: 120, align: 'left', fixed: 'none' },
      ],
      sort: 'desc',
      defaultSidx: '',
      hasPage: true,
      pageSize: 20,
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [
        { value: 'edit', label: '编辑' },
        { value: 'remove', label: '删除' },
      ],
    },
    flowId: null,
    enableFlow: 0,
  };
}

/** `n` lines: 物料 M00001…, 数量 1–50, 单价 1.25, 金额 their product. */
export function linesOf(n: number): Array<Record<string, unknown>> {
  return Array.from({ length: n }, (_, i) => {
    const qty = (i % 50) + 1;
    return { item: `M${String(i + 1).padStart(5, '0')}`, qty, price: 1.25, amount: Number((qty * 1.25).toFixed(2)) };
  });
}

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
