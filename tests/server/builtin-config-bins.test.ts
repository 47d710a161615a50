import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { fillPath } from './hostile-cases';
import { type CollectedRoute, routeCollector, signedInTestApp } from './helpers';

/**
 * Versions and recycle bins of the configuration entities (issue 27 items 1-2; modules/_shared/config-bins.ts):
 * bill rules, data interfaces, print templates, portals, reports. Per entity: detail and list answer `version`; a stale update or delete is refused (409 naming who and
 * when) with nothing written; a delete moves the row to its bin — gone from list, detail and the path that uses it
 * (a bill number, an interface run by id or code, a template printing, a portal shown, a report run), its code still taken — the bin lists it and restores it with the same id and values; a restore
 * whose code a live row took is refused naming the field; the purge removes it. A walk over every GET route of the
 * app (binned ids and codes in paths) finds them in no 200 answer.
 */
const collector = routeCollector();
const ctx = signedInTestApp({ appOptions: { onRoute: collector.onRoute } });
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const enc = encodeURIComponent;

/** One configuration entity as the tests drive it. */
interface Spec {
  table: string;
  base: string;
  /** A create body with `fullName` and `enCode` as given. */
  body: (fullName: string, enCode: string) => Record<string, unknown>;
  /** The update's method (POST `{base}/{id}` unless said). */
  update?: Method;
  /** The status (envelope code) of the path that uses the row: 200 live, 404 (or 400) binned. */
  use: (row: { id: string; enCode: string }) => Promise<number>;
  /** True when the code has a unique index over all rows (no live row can take a binned one's code). */
  codeIndexed?: boolean;
  /** True when only live rows' names are unique: a new row may take a binned one's name (its restore is then refused). */
  nameFree?: boolean;
}

/** The print selector's templates (a tree of categories). */
const printable = async () => ((await call('GET', '/api/system/printDev/Selector')).data.list as Array<{ children?: Array<{ id: string }> }>).flatMap((c) => c.children ?? []).map((c) => c.id);

const SPECS: Record<string, Spec> = {
  billRule: {
    table: 'bill_rule',
    base: '/api/system/BillRule',
    body: (fullName, enCode) => ({ fullName, enCode, prefix: 'BN', dateFormat: '', digit: 4, startNumber: 1 }),
    use: async (r) => {
      const preview = await call('GET', `/api/system/BillRule/BillNumber/${enc(r.enCode)}/1`);
      const picker = (await call('GET', '/api/system/BillRule/Selector')).data.list as Array<{ id: string }>;
      if (preview.code === 200 && !picker.some((p) => p.id === r.id)) return 500;
      return preview.code;
    },
    codeIndexed: true,
  },
  dataInterface: {
    table: 'data_interface',
    base: '/api/system/DataInterface',
    body: (fullName, enCode) => ({ fullName, enCode, dataType: 2, query: '[{"v":"x"}]' }),
    use: async (r) => {
      const byCode = await call('GET', `/api/system/DataInterface/${enc(r.enCode)}/Actions/Response`);
      const byId = await call('POST', `/api/system/DataInterface/${r.id}/Actions/List`, { pageSize: 5 });
      const source = await call('POST', '/api/system/DataInterface/Source/List', { config: { type: 2, content: r.id, fields: [{ isVisible: true, canSearch: true, field: 'v', label: 'v', type: 'text', width: 100, vAlign: 'middle', hAlign: 'left', sortable: true }], pagination: true }, pageSize: 5 });
      const picker = (await call('GET', '/api/system/DataInterface/Selector')).data as Array<{ id: string }>;
      const codes = [byCode.code, byId.code, source.code];
      if (codes.every((c) => c === 200) && picker.some((p) => p.id === r.id)) return 200;
      return codes.some((c) => c === 200) || picker.some((p) => p.id === r.id) ? 500 : 404;
    },
    codeIndexed: true,
  },
  printDev: {
    table: 'print_dev',
    base: '/api/system/printDev',
    body: (fullName, enCode) => ({ fullName, enCode, type: 2, modelId: null, sqlTemplate: [{ sql: 'select 7 as n' }], printTemplate: '<p>{{ n }}</p>' }),
    use: async (r) => {
      const data = await call('GET', `/api/system/printDev/Data?id=${r.id}&formId=any`);
      const offered = (await printable()).includes(r.id);
      if (data.code === 200 && offered) return 200;
      return data.code === 200 || offered ? 500 : data.code;
    },
    nameFree: true,
  },
  portal: {
    table: 'portal',
    base: '/api/visualdev/Portal',
    update: 'PUT',
    body: (fullName, enCode) => ({ fullName, enCode, category: 'ops', formData: JSON.stringify({ layout: [] }) }),
    use: async (r) => {
      const shown = await call('GET', `/api/visualdev/Portal/${r.id}/auth`);
      const offered = ((await call('GET', '/api/visualdev/Portal/Selector')).data.list as Array<{ children: Array<{ id: string }> }>).some((c) => c.children.some((p) => p.id === r.id));
      if (shown.code === 200 && offered) return 200;
      return shown.code === 200 || offered ? 500 : shown.code;
    },
    nameFree: true,
  },
  report: {
    table: 'report',
    base: '/api/datareport/Data',
    update: 'PUT',
    body: (fullName, enCode) => ({ fullName, enCode, category: 'general', config: { parameters: [], dataset: { type: 'sql', sql: 'select 7 as n' }, columns: [{ field: 'n', label: 'N' }] } }),
    use: async (r) => {
      const info = await call('GET', `/api/datareport/Data/${r.id}/Info`);
      const run = await call('POST', `/api/datareport/Data/${r.id}/Preview`, {});
      const offered = ((await call('GET', '/api/datareport/Data/Selector')).data.list as Array<{ children?: Array<{ id: string }> }>).some((c) => (c.children ?? []).some((x) => x.id === r.id));
      if (info.code === 200 && run.code === 200 && offered) return 200;
      return info.code === 200 || run.code === 200 || offered ? 500 : info.code;
    },
    nameFree: true,
  },
};

/** Creates a row of `kind` named `回收{kind}{tag}` with code `cfgBin{kind}{tag}`; returns its id and code. */
async function create(kind: string, tag: string): Promise<{ id: string; enCode: string; fullName: string }> {
  const s = SPECS[kind];
  const fullName = `回收${kind}${tag}`;
  const enCode = `cfgBin${kind}${tag}`;
  const r = await call('POST', s.base, s.body(fullName, enCode));
  expect(r.code, `${kind} ${r.msg}`).toBe(200);
  return { id: r.data.id as string, enCode, fullName };
}

const listIds = async (s: Spec, keyword: string) => ((await call('GET', `${s.base}?keyword=${enc(keyword)}&pageSize=50`)).data.list as Array<{ id: string }>).map((r) => r.id);

describe.each(Object.keys(SPECS))('%s: version and recycle bin', (kind) => {
  const s = SPECS[kind];

  it('a stale update or delete is refused naming who and when, nothing written; no version writes as before', async () => {
    const row = await create(kind, 'V');
    const read = (await call('GET', `${s.base}/${row.id}`)).data;
    expect(read.version).toBe(1);
    expect((await call('GET', `${s.base}?keyword=${row.enCode}`)).data.list[0]).toMatchObject({ id: row.id, version: 1 });
    const first = await call(s.update ?? 'POST', `${s.base}/${row.id}`, { ...s.body('A的名字', row.enCode), version: 1 });
    expect(first, first.msg).toMatchObject({ code: 200, data: { version: 2 } });
    const stale = await call(s.update ?? 'POST', `${s.base}/${row.id}`, { ...s.body('B的名字', row.enCode), version: 1 });
    expect(stale.code).toBe(409);
    expect(stale.msg).toMatch(/^管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据，您的修改未保存/);
    expect(stale.data).toEqual({ version: 2 });
    expect((await call('GET', `${s.base}/${row.id}`)).data).toMatchObject({ fullName: 'A的名字', version: 2 });
    expect((await call('DELETE', `${s.base}/${row.id}?version=1`)).code).toBe(409);
    expect((await call('GET', `${s.base}/${row.id}`)).code).toBe(200);
    const anyVersion = await call(s.update ?? 'POST', `${s.base}/${row.id}`, s.body('C的名字', row.enCode));
    expect(anyVersion.data).toEqual({ version: 3 });
  });

  it('a delete moves it to the bin: gone from list, detail and use, code taken; restore brings it back with the same id and values', async () => {
    const row = await create(kind, 'D');
    expect(await s.use(row)).toBe(200);
    const before = (await call('GET', `${s.base}/${row.id}`)).data;
    expect((await call('DELETE', `${s.base}/${row.id}?version=1`)).code).toBe(200);
    expect((await call('GET', `${s.base}/${row.id}`)).code).toBe(404);
    expect(await listIds(s, row.enCode)).toEqual([]);
    expect(await s.use(row)).not.toBe(200);
    expect((await call('DELETE', `${s.base}/${row.id}`)).code).toBe(404);
    expect((await call(s.update ?? 'POST', `${s.base}/${row.id}`, s.body('x', row.enCode))).code).toBe(404);
    // The code stays taken until the purge.
    expect((await call('POST', s.base, s.body(`${row.fullName}2`, row.enCode))).code).toBe(400);

    const bin = (await call('GET', `${s.base}/Recycle?keyword=${enc(row.enCode)}`)).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id: row.id, fullName: row.fullName, enCode: row.enCode, version: 2, deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect(await call('POST', `${s.base}/Recycle/Actions/Restore`, { ids: [row.id] })).toMatchObject({ code: 200, data: { count: 1 }, msg: '恢复成功，共1条' });
    const after = (await call('GET', `${s.base}/${row.id}`)).data;
    const { version: _v, lastModifyTime: _l, ...same } = before;
    expect(after).toMatchObject({ ...same, version: 3 });
    expect(await listIds(s, row.enCode)).toEqual([row.id]);
    expect(await s.use(row)).toBe(200);
    expect((await call('GET', `${s.base}/Recycle?keyword=${enc(row.enCode)}`)).data.list).toEqual([]);
  });

  it('a restore whose code a live row took is refused naming the field; the purge removes the row and frees its code', async () => {
    const row = await create(kind, 'R');
    expect((await call('DELETE', `${s.base}/${row.id}`)).code).toBe(200);
    const db = ctx.t.app.db;
    if (s.codeIndexed) {
      // The code's unique index (all rows) keeps every live row off a binned one's code.
      await expect(sql`insert into ${sql.table(s.table)} (id, full_name, en_code) values ('clash', 'x', ${row.enCode})`.execute(db)).rejects.toThrow();
    } else {
      await sql`update ${sql.table(s.table)} set en_code = ${row.enCode} where id = (select id from ${sql.table(s.table)} where f_deleted_at is null and en_code like 'cfgBin%V' limit 1)`.execute(db);
      const clash = await call('POST', `${s.base}/Recycle/Actions/Restore`, { ids: [row.id] });
      expect(clash).toMatchObject({ code: 400, msg: `不能恢复：编码的值${row.enCode}已被其他数据使用`, data: { field: 'enCode', id: row.id } });
      expect((await call('GET', `${s.base}/Recycle?keyword=${enc(row.enCode)}`)).data.list).toHaveLength(1);
      await sql`update ${sql.table(s.table)} set en_code = en_code || 'x' where en_code = ${row.enCode} and f_deleted_at is null`.execute(db);
    }
    if (s.nameFree) {
      // A live row may take a binned one's name; the restore then names the field.
      expect((await call('POST', s.base, s.body(row.fullName, `${row.enCode}N`))).code).toBe(200);
      const clash = await call('POST', `${s.base}/Recycle/Actions/Restore`, { ids: [row.id] });
      expect(clash).toMatchObject({ code: 400, msg: `不能恢复：名称的值${row.fullName}已被其他数据使用`, data: { field: 'fullName', id: row.id } });
    }
    await sql`update ${sql.table(s.table)} set f_deleted_at = now() - interval '31 days' where id = ${row.id}`.execute(db);
    const purged = (await purgeBuiltinBins(db, 30)) as Record<string, number>;
    expect(purged[s.table]).toBe(1);
    expect((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(s.table)} where id = ${row.id}`.execute(db)).rows[0].n).toBe(0);
    if (s.codeIndexed) expect((await call('POST', s.base, s.body(`${row.fullName}新`, row.enCode))).code).toBe(200);
  });
});

describe('configuration bins across the app', () => {
  it('a scheduled task cannot be pointed at a binned data interface; restored, it can', async () => {
    const row = await create('dataInterface', 'T');
    const task = (name: string) => call('POST', '/api/scheduletask', { fullName: name, enCode: name, executeType: 1, executeContent: { cron: '0 3 * * *', interfaceId: row.id } });
    expect((await call('DELETE', `${SPECS.dataInterface.base}/${row.id}`)).code).toBe(200);
    expect((await task('binTaskA')).code).toBe(400);
    expect((await call('POST', `${SPECS.dataInterface.base}/Recycle/Actions/Restore`, { ids: [row.id] })).code).toBe(200);
    expect((await task('binTaskB')).code).toBe(200);
  });

  it('回收站 is seeded on each menu and the page configs bind the bins', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    for (const [menu, page, base] of [
      ['menu-bill-rule', 'billRule', SPECS.billRule.base],
      ['menu-data-interface', 'systemDataInterface', SPECS.dataInterface.base],
      ['menu-print-dev', 'systemPrintDev', SPECS.printDev.base],
      ['menu-portal', 'systemPortal', SPECS.portal.base],
      ['menu-data-report', 'systemDataReport', SPECS.report.base],
    ]) {
      expect(permissions.find((p) => p.modelId === menu)?.button.map((b) => b.enCode), menu).toContain('btn_recycle');
      expect((await call('GET', `/api/visualdev/OnlineDev/${page}/Config`)).data.resource.recycle, page).toEqual({ path: `${base}/Recycle` });
    }
  });

  it('a binned portal is nobody\'s home page; its grants survive a grant-page save; a restore brings back its grants and the default, the purge drops them', async () => {
    const row = await create('portal', 'Home');
    const db = ctx.t.app.db;
    await db.insertInto('authorize').values({ id: 'grant-cfgbin-portal', item_type: 'portal', item_id: row.id, object_type: 'Role', object_id: 'role-admin' }).execute();
    expect((await call('PUT', `/api/visualdev/Portal/${row.id}/Actions/SetDefault`)).code).toBe(200);
    const home = async () => (await call('GET', '/api/oauth/CurrentUser')).data.userInfo.portalId;
    expect(await home()).toBe(row.id);
    expect((await call('DELETE', `/api/visualdev/Portal/${row.id}`)).code).toBe(200);
    expect(await home()).not.toBe(row.id);
    expect((await call('PUT', `/api/visualdev/Portal/${row.id}/Actions/SetDefault`)).code).toBe(404);
    // Saving the role's portal grants on the grant page (where a binned portal is not listed) keeps its grant.
    expect((await call('POST', '/api/permission/Authority/Data/role-admin', { objectType: 'Role', portal: [] })).code).toBe(200);
    expect(await db.selectFrom('authorize').select('id').where('item_type', '=', 'portal').where('item_id', '=', row.id).execute()).toHaveLength(1);
    expect((await call('POST', '/api/visualdev/Portal/Recycle/Actions/Restore', { ids: [row.id] })).code).toBe(200);
    expect(await home()).toBe(row.id);
    expect((await call('DELETE', `/api/visualdev/Portal/${row.id}`)).code).toBe(200);
    await db.updateTable('portal').set({ f_deleted_at: new Date(Date.now() - 31 * 86_400_000) }).where('id', '=', row.id).execute();
    expect(((await purgeBuiltinBins(db, 30)) as Record<string, number>).portal).toBe(1);
    expect(await db.selectFrom('authorize').select('id').where('item_id', '=', row.id).execute()).toEqual([]);
    expect((await db.selectFrom('users').select('portal_id').where('id', '=', 'user-admin').executeTakeFirstOrThrow()).portal_id).toBeNull();
  });

  it('no GET route of the app answers a binned row (ids and codes in paths; names, ids and codes in no 200 answer)', async () => {
    const rows = [];
    for (const kind of Object.keys(SPECS)) {
      const row = await create(kind, 'Walk');
      expect((await call('DELETE', `${SPECS[kind].base}/${row.id}`)).code).toBe(200);
      rows.push(row);
    }
    const needles = rows.flatMap((r) => [r.id, r.enCode, r.fullName]);
    const leaks: string[] = [];
    const routes = collector.routes.filter((r: CollectedRoute) => r.method === 'GET' && !/\/Recycle$|Logout|websocket|Stream|\*/i.test(r.url));
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const urls = r.url.includes(':') ? rows.flatMap((row) => [row.id, row.enCode].map((v) => fillPath(r.url, () => v))) : [r.url];
      for (const url of urls) {
        const res = await ctx.t.app.inject({ method: 'GET', url, headers: { authorization: ctx.token } });
        if (res.statusCode !== 200) continue;
        const body = res.body;
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const code = json ? (JSON.parse(body) as { code?: number }).code : 200;
        if (code === 200 && needles.some((n) => body.includes(n))) leaks.push(`${r.url} → ${url}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
