import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jnpfKeyOf } from '../../server/src/modules/visualdev/jnpf-widgets';
import { jnpfClient } from '../../server/src/plugins/jnpf-client';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helpers';
import { listenWs } from './im-client';

/**
 * The JNPF v3.4.7 web client's journey, replayed with its request shapes against the real server (issue 22 item 7:
 * the part of `npm run test:jnpf-client` that runs in CI, which has no copy of the client). Every request is built as
 * the client builds it, and every member the client reads is checked. Citations are files and lines of the client's
 * source (wuqingguang0816/Mnxhp, newest 3.4.x commit de4cb9f0, `src/…`). Requests carry `?n=<seconds>` and the
 * `jnpf-origin: pc` header as src/utils/request.js:26-37 adds them; GET data goes to the query (request.js:30-32).
 * The Config members of item 1 (`__config__.jnpfKey`, searchList field configs, `download` in btnsList) are checked
 * as the client reads them.
 */

/** An answer's data as the client reads it (plain JSON). */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read member by member, as the client's JavaScript does.
type Json = Record<string, any>;

const SUPPLIER = 'vd-supplier';
let t: TestApp;
let token: string;
let staticDir: string;
/** Our own client's build, served beside the JNPF build at /kd/ (plugins/jnpf-client.ts). */
let ownDir: string;

const n = () => `n=${Math.floor(Date.now() / 1000)}`;
const withN = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${n()}`;

/** One call as the client's axios instance sends it (JSON body, Authorization = the token as Login gave it). */
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: Record<string, unknown>) {
  const query = method === 'GET' && data ? `?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v ?? '')])).toString()}` : '';
  const res = await t.app.inject({ method, url: withN(`${url}${query}`), headers: { authorization: token, 'jnpf-origin': 'pc' }, ...(method !== 'GET' && data ? { payload: data } : {}) });
  expect(res.statusCode, `${method} ${url}`).toBe(200); // request.js:79-88: any non-2xx is the red 请求出错，请重试
  const body = JSON.parse(res.body);
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200); // request.js:56-60: code ≠ 200 is a red toast
  return body as { code: number; msg: string; data: Json };
}

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'kd-jnpf-build-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>JNPF</title><div id="app"></div>');
  writeFileSync(join(staticDir, 'favicon.ico'), 'ico');
  ownDir = mkdtempSync(join(tmpdir(), 'kd-own-build-'));
  mkdirSync(join(ownDir, 'assets'));
  writeFileSync(join(ownDir, 'index.html'), '<!doctype html><title>KD Platform</title><div id="root"></div><script type="module" src="/assets/main-1.js"></script>');
  writeFileSync(join(ownDir, 'assets', 'main-1.js'), 'console.log(1)');
  t = await createTestApp({ appOptions: { serveClient: false, plugins: [jnpfClient(staticDir, ownDir)] } });
  // src/store/modules/user.js:89-97: form-urlencoded, password = md5(plain), grant_type password, origin password.
  const md5 = createHash('md5').update(TEST_ADMIN_PASSWORD).digest('hex');
  const login = await t.app.inject({ method: 'POST', url: withN('/api/oauth/Login'), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: md5, origin: 'password', grant_type: 'password' }).toString() });
  const body = JSON.parse(login.body);
  expect(body.code).toBe(200);
  token = body.data.token; // user.js:98-111 setToken(data): data.token (and data.theme)
  expect(token).toMatch(/^Bearer /);
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(ownDir, { recursive: true, force: true });
});

describe("JNPF client's journey (issue 22)", () => {
  it('serves the build: history fallback, the API beside it, and the socket path of a production build', async () => {
    // src/router/index.js:75 mode 'history': a reload of any page path must answer index.html.
    for (const path of ['/', '/login', '/model/supplier', '/onlineDev/webDesign']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="app">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).body).toBe('ico');
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: '/api/no/such/route' })).body)).toMatchObject({ code: 404 });
    // NavbarRight.vue:191: origin + '/websocket/' + token; a plain GET (no upgrade) of a socket path answers the 404 envelope.
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `/websocket/${encodeURIComponent(token)}` })).body)).toMatchObject({ code: 404 });
  });

  it('home: CurrentUser with menuList, userInfo.systemIds (one current) and permissionList', async () => {
    const me = await call('GET', '/api/oauth/CurrentUser');
    // user.js:121-124 reads menuList, userInfo, permissionList; dashboard/index.vue:37 filters systemIds for currentSystem.
    expect(Array.isArray(me.data.menuList)).toBe(true);
    expect(Array.isArray(me.data.permissionList)).toBe(true);
    expect(me.data.userInfo.systemIds.filter((o: { currentSystem: boolean }) => o.currentSystem)).toHaveLength(1);
    // user.js:160-180: a type-3 menu opens views/basic/dynamicModel with propertyJson.moduleId.
    const flat = (l: Json[]): Json[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);
    const supplier = flat(me.data.menuList).find((m) => m.type === 3 && JSON.parse(m.propertyJson || '{}').moduleId === SUPPLIER);
    expect(supplier).toMatchObject({ urlAddress: expect.any(String), enCode: expect.any(String) });
  });

  it('采购申请, our own screen the client has no view for, is a type-7 link (_self) opening our client at the screen', async () => {
    const flat = (l: Json[]): Json[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);
    const req = flat((await call('GET', '/api/oauth/CurrentUser')).data.menuList).find((m) => m.enCode === 'puReq');
    // store/modules/user.js:203-216: type 7 with linkTarget _self → route /{enCode} → views/basic/externalLink, an
    // iframe whose src is urlAddress with ${jnpfToken} replaced by getToken() (the 'Bearer …' token).
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JNPF's own placeholder, which the client replaces.
    expect(req).toMatchObject({ fullName: '采购申请', type: 7, linkTarget: '_self', urlAddress: '/kd/#/home?token=${jnpfToken}&redirect=%2Fpurchasing%2Frequisition' });
    const src = new URL(req!.urlAddress.replace(/\$\{jnpfToken\}/g, token), 'http://client.example');
    expect(src.pathname).toBe('/kd/');
    const [route, query] = src.hash.slice(1).split('?');
    expect(route).toBe('/home');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ token, redirect: '/purchasing/requisition' });
    // Its permissions stay with the menu (the page's buttons).
    expect((await call('GET', '/api/oauth/CurrentUser')).data.permissionList.some((p: Json) => p.modelId === req!.id)).toBe(true);
    // Our own client (no jnpf-origin) keeps the type-2 page.
    const ours = JSON.parse((await t.app.inject({ method: 'GET', url: withN('/api/oauth/CurrentUser'), headers: { authorization: token } })).body);
    expect(flat(ours.data.menuList).find((m) => m.enCode === 'puReq')).toMatchObject({ type: 2, urlAddress: 'purchasing/requisition' });
    // The iframe's page: our client's index.html at /kd/ and its assets, beside the JNPF build.
    for (const path of ['/kd/', '/kd']) expect((await t.app.inject({ method: 'GET', url: path })).body, path).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-1.js' });
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.log(1)']);
    expect((await t.app.inject({ method: 'GET', url: '/workFlow/flowQuickLaunch' })).body).toContain('<div id="app">');
  });

  it('supplier list: Config, then List with the listQuery → labels in the rows and pagination.total', async () => {
    const config = await call('GET', `/api/visualdev/OnlineDev/${SUPPLIER}/Config`);
    // list/index.vue reads config.formData / columnData as JSON strings, in JNPF's names (item 1, landed as 345d1e8):
    // every form field's __config__.jnpfKey (components/Generator/parser/Parser.vue:63-103 and its render), columnList
    // items' jnpfKey (list/index.vue:99-139), searchList items as field configs with __config__.jnpfKey and label
    // (list/Search.vue:5-16), and btnsList values (list/index.vue:37-45: add, download → 新增, 导出).
    const form = JSON.parse(config.data.formData) as { fields: Json[] };
    const columns = JSON.parse(config.data.columnData) as { columnList: Json[]; searchList: Json[]; btnsList: Json[] };
    expect(form.fields.length).toBeGreaterThan(0);
    for (const f of form.fields) expect(f.__config__.jnpfKey, String(f.__vModel__)).toBe(f.__config__.kdKey);
    expect(columns.columnList.length).toBeGreaterThan(0);
    for (const c of columns.columnList) expect(c.jnpfKey, String(c.prop)).toEqual(expect.any(String));
    for (const q of columns.searchList) expect(q.__config__, String(q.prop)).toMatchObject({ jnpfKey: expect.any(String), label: expect.any(String) });
    expect(columns.btnsList.map((b) => b.value)).toEqual(expect.arrayContaining(['add', 'download']));
    await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}`, { id: '', data: JSON.stringify({ supplierCode: 'S0901', supplierName: '旅程五金', category: 'hardware', level: 'A', active: true }) });
    // list/index.vue:570-578 listQuery; :738 res.data.list, :761 res.data.pagination.total.
    const listQuery = { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', menuId: 'menu-supplier', queryJson: JSON.stringify({ supplierName: '旅程' }), superQueryJson: '' };
    const list = await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}/List`, listQuery);
    expect(list.data.pagination.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: expect.any(String), supplierCode: 'S0901', category: '五金', level: 'A' });
  });

  it('add, edit, delete: create {id, data}, detail {id, data}, PUT {id, data}, DELETE — each msg shown', async () => {
    // list/Form.vue:135-138 dataForm { id: '', data: '' }; :330-337 data = JSON.stringify(formData), createModel / updateModel.
    const created = await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}`, { id: '', data: JSON.stringify({ supplierCode: 'S0902', supplierName: '旅程测试' }) });
    expect(created.msg).toBeTruthy();
    const id = created.data.id as string;
    // Form.vue:217-220: this.dataForm = res.data; formData = { ...JSON.parse(dataForm.data), id: dataForm.id }.
    const detail = await call('GET', `/api/visualdev/OnlineDev/${SUPPLIER}/${id}`);
    expect(detail.data.id).toBe(id);
    const formData = { ...JSON.parse(detail.data.data), id: detail.data.id };
    expect(formData).toMatchObject({ supplierCode: 'S0902', supplierName: '旅程测试' });
    // Form.vue:330-337 with visualDev.js updateModel: PUT OnlineDev/{modelId}/{data.id}, body = dataForm.
    const updated = await call('PUT', `/api/visualdev/OnlineDev/${SUPPLIER}/${id}`, { ...detail.data, data: JSON.stringify({ ...formData, supplierName: '旅程测试改' }) });
    expect(updated.msg).toBe('修改成功'); // Form.vue:339-341 shows res.msg
    expect(JSON.parse((await call('GET', `/api/visualdev/OnlineDev/${SUPPLIER}/${id}`)).data.data).supplierName).toBe('旅程测试改');
    // list/index.vue handleDel: deleteModel(modelId, id) → res.msg.
    expect((await call('DELETE', `/api/visualdev/OnlineDev/${SUPPLIER}/${id}`)).msg).toBe('删除成功');
  });

  it('export download: Actions/Export {…listQuery, dataType, selectKey} → data.url opened without the token', async () => {
    // list/index.vue:1377-1382 download({ dataType, selectKey }) (components/ExportBox/index.vue:63) → res.data.url;
    // utils/jnpf.js:375-382 downloadFile: a relative url is prefixed with VUE_APP_BASE_API ('' on the same origin).
    const body = { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', menuId: 'menu-supplier', queryJson: '', superQueryJson: '', dataType: 0, selectKey: ['supplierCode', 'supplierName', 'category'] };
    const exp = await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}/Actions/Export`, body);
    expect(exp.data.url).toMatch(/^\/api\//);
    const file = await t.app.inject({ method: 'GET', url: exp.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    // ImportBox.vue:46-48 getTemplate → res.data.url; mixins/generator/index.js:96-97 exportData (the design list) → res.data.url.
    const template = await call('GET', `/api/visualdev/OnlineDev/${SUPPLIER}/Template`);
    expect((await t.app.inject({ method: 'GET', url: template.data.url })).statusCode).toBe(200);
    const model = await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}/Actions/ExportData`);
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: model.data.url })).body)).toMatchObject({ id: SUPPLIER });
  });

  it("the design list: Base list rows with the category's name", async () => {
    // mixins/generator/index.js:48-56 getVisualDevList({ ...listQuery, ...query, category }) with webDesign/index.vue:180
    // query { keyword: '', type: 1 } → res.data.list, res.data.pagination.total;
    // onlineDev/webDesign/index.vue:47 shows prop category as it comes.
    const list = await call('GET', '/api/visualdev/Base', { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', keyword: '', category: '', type: 1 });
    expect(list.data.pagination.total).toBeGreaterThan(0);
    expect(list.data.list.find((r: { id: string }) => r.id === SUPPLIER)).toMatchObject({ category: '供应链' });
  });

  it('the live count: /websocket/{token} on the origin is our message socket (initMessage after OnConnection)', async () => {
    // layout/components/NavbarRight.vue:191-192 opens ws://<origin>/websocket/<token>, :198-202 sends OnConnection,
    // :206-208 reads initMessage's unreadTotalCount and unreadNums.
    const base = await listenWs(t.app);
    const ws = new WebSocket(`${base}/websocket/${encodeURIComponent(token)}`);
    const init = await new Promise<Json>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
      ws.on('message', (d) => {
        const f = JSON.parse(String(d)) as Json;
        if (f.method === 'initMessage') resolve(f);
      });
    });
    ws.close();
    expect(Array.isArray(init.unreadNums)).toBe(true);
    expect(init.unreadTotalCount ?? 0).toEqual(expect.any(Number));
  });

  it('the bell: GET /api/message with the empty parameters the client sends', async () => {
    // layout/components/MessageList.vue:88-95 listQuery (keyword '', type ''), :128 getMessageList → res.data.list.
    const list = await call('GET', '/api/message', { currentPage: 1, pageSize: 20, sort: 'desc', keyword: '', type: '', isRead: 0 });
    expect(Array.isArray(list.data.list)).toBe(true);
  });

  it('the menu pages: every call a page makes on opening answers 200 with what the page reads', async () => {
    const me = await call('GET', '/api/oauth/CurrentUser');
    // 流程设计 (workFlow/flowEngine/index.vue:188-199) and the task pages' flow filter (flowTodo/index.vue:244-247).
    const flows = await call('GET', '/api/workflow/Engine/flowTemplate', { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', keyword: '', category: '' });
    expect(flows.data).toMatchObject({ list: expect.any(Array), pagination: { total: expect.any(Number) } });
    expect((await call('GET', '/api/workflow/Engine/flowTemplate/ListAll')).data.list).toEqual(expect.any(Array));
    // 发起流程 = workFlow/flowQuickLaunch (flowLaunch/Flow.vue:121-140 with store/modules/base.js:56-70's DictionaryData/All).
    expect((await call('GET', '/api/system/DictionaryData/All')).data.list).toEqual(expect.any(Array));
    const cards = await call('GET', '/api/workflow/Engine/flowTemplate/PageListAll', { currentPage: 1, pageSize: 50, sort: 'desc', sidx: '', keyword: '', category: '', flowType: 0 });
    expect(cards.data.pagination.total).toBe(cards.data.list.length);
    expect(me.data.menuList.flatMap((m: Json) => [m, ...(m.children ?? [])]).find((m: Json) => m.enCode === 'addFlow')?.urlAddress).toBe('workFlow/flowQuickLaunch');
    // 菜单管理 = JNPF's 应用 list (system/menu/index.vue:121-127).
    expect((await call('GET', '/api/system/System', { keyword: '' })).data.list[0].id).toBe(me.data.userInfo.systemIds[0].id);
    // 用户/岗位/角色管理's organisation tree (permission/user/index.vue:224-226).
    for (const path of ['/api/permission/Organize/SelectorByAuth/0', '/api/permission/Organize/Department/SelectorByAuth/0']) expect((await call('GET', path)).data.list.length).toBeGreaterThan(0);
    // 系统配置 (system/sysConfig/index.vue:576-593, :638-642): GET, the sync totals (res.data.map), and 保存 with the whole form.
    const config = await call('GET', '/api/system/SysConfig');
    expect(config.data).toMatchObject({ tokenTimeout: expect.any(Number), lockType: expect.any(Number) });
    expect((await call('GET', '/api/system/SynThirdInfo/getSynThirdTotal/1')).data).toHaveLength(2);
    expect((await call('PUT', '/api/system/SysConfig', { ...config.data, qyhIsSynOrg: 0, smsCompany: '1' })).msg).toBe('修改成功');
    // 通知公告 (system/notice/index.vue:146-150).
    expect((await call('POST', '/api/message/Notice', { keyword: '', currentPage: 1, pageSize: 20, enabledMark: [], type: [] })).data.pagination.total).toEqual(expect.any(Number));
    // 权限授权 (permission/authorize/index.vue:149, objectId 0 and params { type, moduleIds }).
    const system = await call('POST', '/api/permission/Authority/Data/0/Values', { type: 'system', moduleIds: '' });
    expect(system.data).toMatchObject({ list: expect.any(Array), ids: [], all: expect.any(Array) });
    expect((await call('POST', '/api/permission/Authority/Data/0/Values', { type: 'module', moduleIds: system.data.all.toString() })).data.all.length).toBeGreaterThan(0);
    // 数据报表 at the client's report server path (utils/define.js:13; onlineDev/dataReport/index.vue:162-165).
    expect((await call('GET', '/ReportServer/api/datareport/Data', { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', keyword: '', category: '' })).data.pagination.total).toEqual(expect.any(Number));
    // 门户管理 = JNPF's onlineDev/visualPortal page (index.vue:194-206 query; :67-86 row members), on our own path.
    const portals = await call('GET', '/api/visualdev/Portal', { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', keyword: '', type: '', category: '', enabledLock: '' });
    expect(portals.data.pagination.total).toBeGreaterThan(0);
    expect(portals.data.list[0]).toMatchObject({ fullName: expect.any(String), enCode: expect.any(String), creatorTime: expect.any(Number), sortCode: expect.any(Number), enabledMark: expect.any(Number) });
    // A model list's column settings (components/ColumnSettings/index.vue:87-99), read back before the next first load.
    await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: 'menu-supplier', fieldList: JSON.stringify([{ prop: 'supplierCode', label: '供应商编码', visible: false }]) });
    expect((await call('GET', '/api/permission/Authority/GetColumnsByModuleId/menu-supplier')).data).toEqual([{ prop: 'supplierCode', label: '供应商编码', visible: false }]);
    // 个人信息 (basic/profile/index.vue:224-258, profile/components/UserInfo.vue:243-246) and the navbar's system switch.
    expect((await call('GET', '/api/permission/Users/Current/getUserOrganizes')).data.filter((o: Json) => o.isDefault)).toHaveLength(1);
    expect(Array.isArray((await call('GET', '/api/permission/Users/Current/getUserPositions')).data)).toBe(true);
    expect(Array.isArray((await call('GET', '/api/permission/Users/Current/SignImg')).data)).toBe(true);
    expect((await call('PUT', '/api/permission/Users/Current/major', { majorId: me.data.userInfo.systemIds[0].id, majorType: 'System' })).msg).toBe('切换成功');
    // 在线开发's designer (mixins/generator/form.js:68-82): the model in JNPF's names.
    const model = await call('GET', `/api/visualdev/Base/${SUPPLIER}`);
    expect(JSON.parse(model.data.formData).fields[0].__config__.jnpfKey).toEqual(expect.any(String));
    expect(JSON.parse(model.data.tables)[0]).toMatchObject({ typeId: '1', table: expect.any(String) });
  });

  it('在线开发 design page: a model exported here imports through 导入, opens in the designer, and 保存 keeps it', async () => {
    // mixins/generator/index.js:92-99 exportModel → exportData(id) → jnpf.downloadFile(res.data.url): a .vdd file,
    // the kind the page's 导入 offers (onlineDev/webDesign/index.vue:34 accept=".vdd").
    const exported = await call('POST', `/api/visualdev/OnlineDev/${SUPPLIER}/Actions/ExportData`);
    expect(exported.data.name).toBe('供应商.vdd');
    const file = (await t.app.inject({ method: 'GET', url: exported.data.url })).rawPayload;
    // webDesign/index.vue:34-35 <upload-btn url="/api/visualdev/OnlineDev/Model/Actions/ImportData">: JNPF-uploadBtn/
    // index.vue:2-4 is an el-upload (multipart part `file`, Authorization only: no jnpf-origin, no ?n); :50-65 a
    // code ≠ 200 is a red toast, else msg, then on-success → initData.
    const boundary = '----jnpfUpload';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${exported.data.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/Model/Actions/ImportData', headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(upload.statusCode).toBe(200);
    const uploaded = JSON.parse(upload.body) as { code: number; msg: string; data: Json };
    expect(uploaded).toMatchObject({ code: 200, msg: expect.any(String) });
    // The taken code gets a number, in the shape the designer's 功能编码 rule takes (utils/formValidate.js:29-31), which
    // Form.vue checks on next() before it opens the form step (mixins/generator/form.js:190-192).
    expect(uploaded.data.enCode).toBe('supplier2');
    expect(uploaded.data.enCode).toMatch(/^[a-zA-Z0-9]((([a-zA-Z0-9])*[a-zA-Z0-9]?)|(([a-zA-Z0-9]+|\.)*[a-zA-Z0-9]))$/);
    // initData (mixins/generator/index.js:47-58) lists it; the row's 编辑 is addOrUpdateHandle(row.id, row.webType)
    // (webDesign/index.vue:69; webType 4 would open the data view form instead, index.js:115-116).
    const rows = (await call('GET', '/api/visualdev/Base', { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', keyword: '供应商', category: '', type: 1 })).data.list as Json[];
    const row = rows.find((r) => r.id === uploaded.data.id);
    expect(row).toMatchObject({ fullName: '供应商', enCode: uploaded.data.enCode, webType: 2 });
    const id = row?.id as string;
    const ours = async () => JSON.parse((await t.app.inject({ method: 'GET', url: `/api/visualdev/Base/${id}`, headers: { authorization: token } })).body).data as Json;
    const oursBefore = await ours(); // our designer's read (designer/model/modelApi.ts): no jnpf-origin, our names

    // Form.init (mixins/generator/form.js:68-82): dataForm = res.data; webType; formData, columnData, appColumnData,
    // tables, interfaceParam parsed from JSON strings (appColumnData and interfaceParam may be null).
    const info = (await call('GET', `/api/visualdev/Base/${id}`)).data;
    expect(info).toMatchObject({ id, fullName: '供应商', webType: 2, dbLinkId: '0' });
    // Form.vue:44-48 功能分类: a select over the webDesign dictionary's items by id (index.vue:181 sort 'webDesign').
    expect(info.category).toBe('webDesign-supplyChain');
    expect(oursBefore.category).toBe('supplyChain');
    const formData = JSON.parse(info.formData) as Json;
    const columnData = JSON.parse(info.columnData) as Json;
    const appColumnData = info.appColumnData && JSON.parse(info.appColumnData);
    const interfaceParam = (info.interfaceParam && JSON.parse(info.interfaceParam)) || [];
    const tables = JSON.parse(info.tables) as Json[];
    expect(tables.filter((x) => x.typeId === '1')).toHaveLength(1);
    // common.js:100-118 updateFields: DataModelFieldList(dbLinkId, table, 0) for each table → res.data.list.
    for (const table of tables) {
      table.fields = (await call('GET', `/api/system/DataModel/${info.dbLinkId || '0'}/Tables/${table.table}/Fields?type=0`)).data.list;
      expect(table.fields).toContainEqual(expect.objectContaining({ field: 'id', primaryKey: 1 }));
    }
    // common.js:167-196 exist() before the form step: each sub-table needs tableField and relationField.
    for (const sub of tables.filter((x) => x.typeId === '0')) expect(sub).toMatchObject({ tableField: expect.any(String), relationField: expect.any(String) });
    // Generator/index/Home.vue:331-336: drawingList = conf.fields, formConf = the rest; every field is drawn and edited by
    // __config__.jnpfKey (DraggableItem.vue, RightPanel.vue); radio/checkbox/select show and edit the top-level
    // options with props.props (RightComponents/Select.vue:16-39, Radio.vue:12-41).
    const leaves: Json[] = [];
    const walk = (list: Json[]) => {
      for (const f of list) {
        expect(f.__config__.jnpfKey, String(f.__vModel__)).toEqual(expect.stringMatching(/./));
        leaves.push(f);
        if (Array.isArray(f.__config__.children)) walk(f.__config__.children);
      }
    };
    walk(formData.fields);
    expect(leaves.length).toBeGreaterThan(10);
    const category = formData.fields.find((f: Json) => f.__vModel__ === 'category');
    expect(category).toMatchObject({ props: { props: { label: 'fullName', value: 'id' } } });
    expect(category.options.map((o: Json) => o.fullName)).toEqual(['面料', '辅料', '五金', '包装']);
    for (const c of columnData.columnList) expect(c.jnpfKey, String(c.prop)).toEqual(expect.any(String));

    // 保存 (form.js:96-103 getData, :174-187 formSubmit → Update: PUT Base/{dataForm.id}, visualDev.js:28-33): the
    // dataForm with the configs as JSON strings and the tables with their fields; res.msg is shown.
    const dataForm = (form: Json, stamp = info) => ({ ...stamp, tables: JSON.stringify(tables), formData: JSON.stringify(form), columnData: JSON.stringify(columnData), appColumnData: appColumnData ? JSON.stringify(appColumnData) : null, interfaceParam: JSON.stringify(interfaceParam) });
    expect((await call('PUT', `/api/visualdev/Base/${id}`, dataForm(formData))).msg).toBe('修改成功');
    // Saved unchanged, the model is exactly what our designer read before.
    const oursAfter = await ours();
    expect(JSON.parse(oursAfter.formData)).toEqual(JSON.parse(oursBefore.formData));
    expect(JSON.parse(oursAfter.columnData)).toEqual(JSON.parse(oursBefore.columnData));
    expect(JSON.parse(oursAfter.tables)).toEqual(JSON.parse(oursBefore.tables));
    expect(oursAfter.category).toBe('supplyChain');
    // The same dataForm again carries the first read's lastModifyTime: stale → code 409 with who saved, nothing written.
    const stale = await t.app.inject({ method: 'PUT', url: withN(`/api/visualdev/Base/${id}`), headers: { authorization: token, 'jnpf-origin': 'pc' }, payload: dataForm(formData) });
    expect(JSON.parse(stale.body)).toMatchObject({ code: 409, msg: expect.stringMatching(/./) }); // request.js:56-60 toasts msg

    // Reopened, an option renamed in JNPF's designer (the top-level copy it edits) is what our runtime shows.
    const reopened = (await call('GET', `/api/visualdev/Base/${id}`)).data;
    const form2 = JSON.parse(reopened.formData) as Json;
    const cat2 = form2.fields.find((f: Json) => f.__vModel__ === 'category');
    cat2.options = cat2.options.map((o: Json) => (o.id === 'hardware' ? { ...o, fullName: '五金件' } : o));
    expect((await call('PUT', `/api/visualdev/Base/${id}`, dataForm(form2, reopened))).msg).toBe('修改成功');
    const stored = JSON.parse((await ours()).formData).fields.find((f: Json) => f.__vModel__ === 'category');
    expect(stored.options).toBeUndefined();
    expect(stored.__slot__.options.find((o: Json) => o.id === 'hardware').fullName).toBe('五金件');

    // The imported model runs: its Config, a record saved through the client's form, the list's label.
    const config = await call('GET', `/api/visualdev/OnlineDev/${id}/Config`);
    expect(JSON.parse(config.data.formData).fields.every((f: Json) => f.__config__.jnpfKey === jnpfKeyOf(f.__config__.kdKey))).toBe(true);
    await call('POST', `/api/visualdev/OnlineDev/${id}`, { id: '', data: JSON.stringify({ supplierCode: 'S0931', supplierName: '导入五金', category: 'hardware', level: 'B' }) });
    const list = await call('POST', `/api/visualdev/OnlineDev/${id}/List`, { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', menuId: '', queryJson: '', superQueryJson: '' });
    expect(list.data.list).toContainEqual(expect.objectContaining({ supplierCode: 'S0931', category: '五金件', level: 'B' }));
    // handleDel (mixins/generator/index.js:60-73).
    expect((await call('DELETE', `/api/visualdev/Base/${id}`)).msg).toEqual(expect.any(String));
  });

  it('表单外链 (issue 18 item 7): ShortLinkDialog reads and saves, then the public page\'s calls without a token', async () => {
    // views/onlineDev/webDesign/ShortLinkDialog.vue:239 getShortLink(id) → dataForm; :358-364 save(dataForm) with
    // formUse 1 and the column lists as JSON strings (api/onlineDev/webDesign.js:3-16).
    const dataForm = (await call('GET', `/api/visualdev/ShortLink/${SUPPLIER}`)).data;
    expect(dataForm).toMatchObject({ id: SUPPLIER, formUse: 0, formPassUse: 0, columnUse: 0, columnCondition: '[]', columnText: '[]' });
    const saved = await call('PUT', '/api/visualdev/ShortLink', { ...dataForm, formUse: 1, formPassword: '', columnPassword: '', columnCondition: '[]', columnText: '[]' });
    expect(saved.msg).toBe('保存成功');
    // The link 打开 opens (:200 window.open): the client's history-mode route (router/index.js:68-75), no '#'.
    expect(saved.data.formLink).toMatch(/^http:\/\/[^/]+\/formShortLink\?id=/);
    const encryption = String(saved.data.formLink).split('encryption=')[1];
    // views/formShortLink: Config (index.vue:40, res.data.formData parsed by form/index.vue:95), getConfig (form/index.vue:82),
    // createModel with { data: JSON } (form/index.vue:198-201) — public, so no Authorization header.
    const open = async (method: 'GET' | 'POST', url: string, payload?: Json) => {
      const res = await t.app.inject({ method, url: withN(url), headers: { 'jnpf-origin': 'pc' }, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(200);
      return JSON.parse(res.body) as { code: number; msg: string; data: Json };
    };
    const config = await open('GET', `/api/visualdev/ShortLink/${SUPPLIER}/Config?encryption=${encryption}`);
    expect(JSON.parse(config.data.formData).fields[0].__config__.jnpfKey).toBe('comInput');
    expect((await open('GET', `/api/visualdev/ShortLink/getConfig/${SUPPLIER}?encryption=${encryption}`)).data).toMatchObject({ formUse: 1, formPassUse: 0 });
    const created = await open('POST', `/api/visualdev/ShortLink/${SUPPLIER}?encryption=${encryption}`, { data: JSON.stringify({ supplierCode: 'S0909', supplierName: '外链供应商' }) });
    expect(created).toMatchObject({ code: 200, msg: '提交成功' });
    await call('PUT', '/api/visualdev/ShortLink', { ...dataForm, formUse: 0 });
  });
});

