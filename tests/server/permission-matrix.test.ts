import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * The permission matrix (issue 12 item 4/tests; design.md §7a): seeded-in-test users × every model data path ×
 * in-scope and out-of-scope records, the outcome table asserted whole. Users (all with the supplier menu and every
 * button through their role; the model's useDataPermission on):
 * - alice, bob: scheme "本人创建" (created_by = @userId);
 * - carol: scheme "A级面辅料" — two conditions, level = A and category included in fabric,trim;
 * - dave: the explicit "全部数据" scheme;
 * - erin: the menu and buttons but no scheme (default deny);
 * - admin: administrator.
 * Records: A1 (alice, A, fabric), B1 (bob, B, trim), X1 (admin, A, trim), X2 (admin, A, hardware).
 */

const MODEL = 'vd-supplier';
const MENU = 'menu-supplier';
const M = `/api/visualdev/OnlineDev/${MODEL}`;
const PASSWORD = 'Pass@123';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function addScheme(id: string, fullName: string, conditionJson: unknown, allData = 0): Promise<void> {
  await t.app.db.insertInto('module_data_authorize_scheme').values({ id, module_id: MENU, full_name: fullName, en_code: id, condition_json: JSON.stringify(conditionJson), all_data: allData }).execute();
}

async function grantItems(objectType: 'Role' | 'User', objectId: string, items: Array<[string, string]>): Promise<void> {
  await t.app.db
    .insertInto('authorize')
    .values(items.map(([itemType, itemId]) => ({ id: `m:${objectType}:${objectId}:${itemType}:${itemId}`, item_type: itemType as 'module', item_id: itemId, object_type: objectType, object_id: objectId })))
    .execute();
}

const own = [{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@userId' }] }];
const levelA = [
  { logic: 'and', groups: [{ field: 'level', op: 'Equal', value: 'A' }] },
  { logic: 'and', groups: [{ field: 'category', op: 'Included', value: 'fabric,trim' }] },
];

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login();
  const db = t.app.db;
  // btn_recycle (回收站) is seeded on the model menu (db/seed/menus.ts); the grants below take every button of the menu.
  await db
    .updateTable('visualdev')
    .set({ column_data: JSON.stringify({ ...((await db.selectFrom('visualdev').select('column_data').where('id', '=', MODEL).executeTakeFirstOrThrow()).column_data as object), useDataPermission: true }) })
    .where('id', '=', MODEL)
    .execute();
  const buttons = (await db.selectFrom('module_button').select('id').where('module_id', '=', MENU).execute()).map((b) => ['button', b.id] as [string, string]);
  await addScheme('s-own', '本人创建', own);
  await addScheme('s-levelA', 'A级面辅料', levelA);
  await addScheme('s-all', '全部数据', [], 1);
  const roles: Record<string, string | null> = { alice: 's-own', bob: 's-own', carol: 's-levelA', dave: 's-all', erin: null };
  for (const [user, scheme] of Object.entries(roles)) {
    const role = `role-${user}`;
    await db.insertInto('role').values({ id: role, full_name: role, en_code: role }).execute();
    await grantItems('Role', role, [['module', 'menu-supply'], ['module', MENU], ...buttons, ...(scheme ? [['resource', scheme] as [string, string]] : [])]);
    await createUser(t.app, { account: user, password: PASSWORD, roleIds: [role] });
    tokens[user] = await t.login(user, PASSWORD);
  }
  const create = async (who: string, code: string, level: string, category: string) => {
    const res = await t.call('POST', M, { token: tokens[who], payload: { supplierCode: code, supplierName: `供应商${code}`, level, category } });
    expect(res.code, `${who} creates ${code}`).toBe(200);
    return res.data.id as string;
  };
  ids.A1 = await create('alice', 'S0001', 'A', 'fabric');
  ids.B1 = await create('bob', 'S0002', 'B', 'trim');
  ids.X1 = await create('admin', 'S0003', 'A', 'trim');
  ids.X2 = await create('admin', 'S0004', 'A', 'hardware');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const USERS = ['admin', 'alice', 'bob', 'carol', 'dave', 'erin'] as const;
const RECORDS = ['A1', 'B1', 'X1', 'X2'] as const;
const codeOf: Record<string, string> = { A1: 'S0001', B1: 'S0002', X1: 'S0003', X2: 'S0004' };

/** Restores a record the matrix deleted (as the administrator), so every row starts from the same data. */
async function restore(record: string): Promise<void> {
  const res = await t.call('POST', `${M}/Recycle/Actions/Restore`, { token: tokens.admin, payload: { ids: [ids[record]] } });
  expect(res.data?.count, `restore ${record}`).toBe(1);
}

/** One user's outcome on one record, as a table row: list, detail, export, picker, history, update, delete, batch. */
async function outcome(user: string, record: string): Promise<string> {
  const token = tokens[user];
  const id = ids[record];
  const list = await t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 100 } });
  const listed = (list.data.list as Array<{ id: string }>).some((r) => r.id === id);
  const detail = (await t.call('GET', `${M}/${id}`, { token })).code;
  const xl = await download(t, token, `${M}/Actions/Export`, { dataType: '1' });
  const rows = await sheetRows(xl.rawPayload);
  const exported = rows.some((r) => r.includes(codeOf[record]));
  const picker = await t.call('GET', `/api/visualdev/Base/${MODEL}/FieldDataSelect?relationField=supplierCode&pageSize=100`, { token });
  const picked = (picker.data.list as Array<{ supplierCode: string }>).some((r) => r.supplierCode === codeOf[record]);
  const history = (await t.call('GET', `${M}/${id}/DataChange`, { token })).data.pagination.total > 0;
  const update = (await t.call('POST', `/api/visualdev/OnlineDev/App/${MODEL}/${id}`, { token, payload: { supplierName: `改名${user}` } })).code;
  const del = (await t.call('DELETE', `${M}/${id}`, { token })).code;
  if (del === 200) await restore(record);
  const batch = (await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${MODEL}`, { token, payload: { ids: [id] } })).data?.count;
  if (batch === 1) await restore(record);
  const yn = (b: boolean) => (b ? 'Y' : '-');
  // list, detail and export always agree on which rows a user sees (reference/permissions.md §6 rule 10).
  expect(listed === exported && listed === (detail === 200), `${user} ${record}: list/detail/export agree`).toBe(true);
  return [user.padEnd(6), record.padEnd(3), yn(listed), String(detail), yn(exported), yn(picked), yn(history), String(update), String(del), String(batch)].join(' ');
}

describe('permission matrix (design.md §7a)', () => {
  it('every user × record × data path answers as the table says', async () => {
    const expected = `
user   rec list detail export picker history update delete batch
admin  A1  Y 200 Y Y Y 200 200 1
admin  B1  Y 200 Y Y Y 200 200 1
admin  X1  Y 200 Y Y Y 200 200 1
admin  X2  Y 200 Y Y Y 200 200 1
alice  A1  Y 200 Y Y Y 200 200 1
alice  B1  - 404 - - - 404 404 0
alice  X1  - 404 - - - 404 404 0
alice  X2  - 404 - - - 404 404 0
bob    A1  - 404 - - - 404 404 0
bob    B1  Y 200 Y Y Y 200 200 1
bob    X1  - 404 - - - 404 404 0
bob    X2  - 404 - - - 404 404 0
carol  A1  Y 200 Y Y Y 200 200 1
carol  B1  - 404 - - - 404 404 0
carol  X1  Y 200 Y Y Y 200 200 1
carol  X2  - 404 - - - 404 404 0
dave   A1  Y 200 Y Y Y 200 200 1
dave   B1  Y 200 Y Y Y 200 200 1
dave   X1  Y 200 Y Y Y 200 200 1
dave   X2  Y 200 Y Y Y 200 200 1
erin   A1  - 404 - - - 404 404 0
erin   B1  - 404 - - - 404 404 0
erin   X1  - 404 - - - 404 404 0
erin   X2  - 404 - - - 404 404 0`;
    const lines = ['user   rec list detail export picker history update delete batch'];
    for (const u of USERS) for (const r of RECORDS) lines.push((await outcome(u, r)).replace(/ +/g, ' ').replace(/^(\S+) (\S+)/, (_, a, b) => `${a.padEnd(6)} ${b.padEnd(3)}`));
    expect(`\n${lines.join('\n')}`).toBe(expected);
  }, 900_000);

  it('a SQL data interface reading the model table answers each user the rows the list shows, never deleted ones', async () => {
    const B = '/api/system/DataInterface';
    const made = await t.call('POST', B, { token: tokens.admin, payload: { fullName: '供应商编码', enCode: 'matrixSuppliers', dataType: 1, query: 'select s."supplierCode" as code from kd_supplier s order by 1' } });
    expect(made.code).toBe(200);
    // The same table unaliased and qualified by name inside a join, and a sub-select: each read is scoped.
    const joined = await t.call('POST', B, { token: tokens.admin, payload: { fullName: '供应商联查', enCode: 'matrixJoin', dataType: 1, query: 'select kd_supplier."supplierCode" as code from kd_supplier join (select id from kd_supplier) k on k.id = kd_supplier.id order by 1' } });
    for (const id of [made.data.id, joined.data.id]) expect((await t.call('POST', `${B}/${id}/Authorize`, { token: tokens.admin, payload: { runScope: 'signedIn' } })).code).toBe(200);
    const sqlCodes = async (who: string, id: string) => {
      const res = await t.call('POST', `${B}/${id}/Actions/Response`, { token: tokens[who], payload: {} });
      expect(res.code, `${who}: ${res.msg}`).toBe(200);
      return (res.data as Array<{ code: string }>).map((r) => r.code);
    };
    const listCodes = async (who: string) => ((await t.call('POST', `${M}/List`, { token: tokens[who], payload: { typed: true, pageSize: 100 } })).data.list as Array<{ supplierCode: string }>).map((r) => r.supplierCode).sort();
    const seen: Record<string, string> = {};
    for (const u of USERS) {
      const rows = await sqlCodes(u, made.data.id);
      expect(rows, `${u}: the interface and the list agree`).toEqual(await listCodes(u));
      expect(await sqlCodes(u, joined.data.id), `${u}: the joined read too`).toEqual(rows);
      seen[u] = rows.join(',');
    }
    expect(seen).toEqual({ admin: 'S0001,S0002,S0003,S0004', alice: 'S0001', bob: 'S0002', carol: 'S0001,S0003', dave: 'S0001,S0002,S0003,S0004', erin: '' });
    expect((await t.call('DELETE', `${M}/${ids.X2}`, { token: tokens.admin })).code).toBe(200);
    expect(await sqlCodes('admin', made.data.id)).toEqual(['S0001', 'S0002', 'S0003']);
    await restore('X2');
  }, 300_000);

  it('out-of-scope ids answer exactly like missing ones and change nothing', async () => {
    const missing = 'no-such-record';
    for (const [method, url, payload] of [
      ['GET', `${M}/%ID%`],
      ['POST', `/api/visualdev/OnlineDev/App/${MODEL}/%ID%`, { supplierName: '越权' }],
      ['DELETE', `${M}/%ID%`],
      ['GET', `${M}/%ID%/DataChange`],
    ] as const) {
      const hidden = await t.call(method, url.replace('%ID%', ids.X1), { token: tokens.alice, payload });
      const absent = await t.call(method, url.replace('%ID%', missing), { token: tokens.alice, payload });
      expect({ code: hidden.code, msg: hidden.msg, data: hidden.data }, `${method} ${url}`).toEqual({ code: absent.code, msg: absent.msg, data: absent.data });
    }
    const batch = await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${MODEL}`, { token: tokens.alice, payload: { ids: [ids.X1, ids.B1, missing] } });
    expect(batch.data.count).toBe(0);
    const x1 = await t.call('GET', `${M}/${ids.X1}`, { token: tokens.admin });
    expect(x1.data.supplierName).not.toBe('越权');
    expect((await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total).toBe(4);
  }, 300_000);

  it('recycle bin and restore follow the row scope', async () => {
    expect((await t.call('DELETE', `${M}/${ids.X1}`, { token: tokens.admin })).code).toBe(200);
    const bin = async (who: string) => ((await t.call('GET', `${M}/Recycle`, { token: tokens[who] })).data.list as Array<{ id: string }>).map((r) => r.id);
    expect(await bin('alice')).toEqual([]);
    expect(await bin('carol')).toEqual([ids.X1]);
    expect((await t.call('POST', `${M}/Recycle/Actions/Restore`, { token: tokens.alice, payload: { ids: [ids.X1] } })).data.count).toBe(0);
    expect((await t.call('POST', `${M}/Recycle/Actions/Restore`, { token: tokens.carol, payload: { ids: [ids.X1] } })).data.count).toBe(1);
  }, 300_000);

  it('a write whose result would leave the caller scope is refused and changes nothing (create and update)', async () => {
    const token = tokens.carol;
    const refused = { code: 403, msg: '保存后的数据不在您的数据权限范围内，未保存' };
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${MODEL}/${ids.A1}`, { token, payload: { level: 'B' } })).toMatchObject(refused);
    expect((await t.call('GET', `${M}/${ids.A1}`, { token })).data.level).toBe('A');
    const before = (await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total;
    expect(await t.call('POST', M, { token, payload: { supplierCode: 'S0901', supplierName: '外部', level: 'B', category: 'fabric' } })).toMatchObject(refused);
    expect((await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total).toBe(before);
    const inScope = await t.call('POST', M, { token, payload: { supplierCode: 'S0902', supplierName: '内部', level: 'A', category: 'trim' } });
    expect(inScope.code).toBe(200);
    expect((await t.call('DELETE', `${M}/${inScope.data.id}`, { token: tokens.admin })).code).toBe(200);
    // An Excel import with one row outside the scope: that row's error, nothing written.
    const head = ['供应商编码', '供应商名称', '供应类别', '供应商等级'];
    const file = await xlsx([head, ['S0903', '内部二', '面料', 'A'], ['S0904', '外部二', '面料', 'B']]);
    const imported = await t.call('POST', `${M}/Actions/Import`, { token, ...multipart(file) });
    expect(imported).toMatchObject({ code: 400, data: { errors: [{ row: 3, message: '保存后的数据不在您的数据权限范围内，未保存' }] } });
    expect((await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total).toBe(before);
  }, 300_000);

  it('without a session or with a forged token: no data, code 602, nothing written', async () => {
    for (const token of [undefined, 'Bearer 0000000000000000000000000000000000000000000000000000000000000000']) {
      expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(602);
      expect((await t.call('GET', `${M}/${ids.A1}`, { token })).code).toBe(602);
      expect((await t.call('POST', M, { token, payload: { supplierCode: 'S0999', supplierName: 'x' } })).code).toBe(602);
      expect((await t.call('DELETE', `${M}/${ids.A1}`, { token })).code).toBe(602);
    }
    expect((await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total).toBe(4);
  }, 300_000);

  it('columns and form fields: replies trimmed to readFields, writes outside writeFields refused (403) with nothing written', async () => {
    const db = t.app.db;
    const cd = (await db.selectFrom('visualdev').select('column_data').where('id', '=', MODEL).executeTakeFirstOrThrow()).column_data as object;
    await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...cd, useColumnPermission: true, useFormPermission: true }) }).where('id', '=', MODEL).execute();
    const items: Array<[string, string]> = [];
    for (const [table, codes] of [
      ['module_column', ['supplierCode', 'supplierName', 'level']],
      ['module_form', ['supplierCode', 'supplierName']],
    ] as const) {
      for (const code of codes) {
        const id = `${table}:${code}`;
        await db.insertInto(table).values({ id, module_id: MENU, full_name: code, en_code: code }).execute();
        items.push([table === 'module_column' ? 'column' : 'form', id]);
      }
    }
    await grantItems('Role', 'role-alice', items);
    const token = tokens.alice;
    const list = await t.call('POST', `${M}/List`, { token, payload: { typed: true } });
    expect(Object.keys(list.data.list[0]).sort()).toEqual(['id', 'level', 'supplierCode', 'supplierName', 'version']);
    const detail = await t.call('GET', `${M}/${ids.A1}`, { token });
    // The detail's data string (issue 22 item 4) is trimmed the same way as the values beside it.
    expect(Object.keys(detail.data).filter((k) => k !== 'data').sort()).toEqual(['id', 'level', 'supplierCode', 'supplierName', 'version']);
    expect(Object.keys(JSON.parse(detail.data.data)).sort()).toEqual(['id', 'level', 'supplierCode', 'supplierName', 'version']);
    const xl = await download(t, token, `${M}/Actions/Export`, { dataType: '1' });
    expect((await sheetRows(xl.rawPayload))[0]).toEqual(['供应商编码', '供应商名称', '供应商等级']);
    const refused = await t.call('POST', `/api/visualdev/OnlineDev/App/${MODEL}/${ids.A1}`, { token, payload: { supplierName: '新名', creditLimit: 99 } });
    expect(refused).toMatchObject({ code: 403, msg: '暂无权限' });
    const after = await t.call('GET', `${M}/${ids.A1}`, { token: tokens.admin });
    expect(after.data.creditLimit).toBeNull();
    expect(after.data.supplierName).not.toBe('新名');
    expect((await t.call('POST', `/api/visualdev/OnlineDev/App/${MODEL}/${ids.A1}`, { token, payload: { supplierName: '新名' } })).code).toBe(200);
    const file = await xlsx([['供应商编码', '供应商名称', '信用额度'], ['S0101', '导入', 5]]);
    expect(await t.call('POST', `${M}/Actions/Import`, { token, ...multipart(file) })).toMatchObject({ code: 403 });
    expect((await t.call('POST', `${M}/List`, { token: tokens.admin, payload: { typed: true } })).data.pagination.total).toBe(4);
    const template = await download(t, token, `${M}/Template`, undefined, 'GET');
    expect((await sheetRows(template.rawPayload))[0]).toEqual(['供应商编码', '供应商名称']);
    await db.updateTable('visualdev').set({ column_data: JSON.stringify(cd) }).where('id', '=', MODEL).execute();
  }, 300_000);
});
