import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, signedInTestApp } from './helpers';

/**
 * The calls JNPF v3.4.7's web client makes when it opens its menu pages (issue 22: "every page it opens"), in its
 * request shapes and checked member by member as the client reads them. Citations are files and lines of the client's
 * source (wuqingguang0816/Mnxhp, commit de4cb9f0, `src/…`); calls carry the `jnpf-origin: pc` header as
 * utils/request.js:26 adds it.
 */
const h = signedInTestApp();
const jnpf = { 'jnpf-origin': 'pc' };
// biome-ignore lint/suspicious/noExplicitAny: answers are read member by member, as the client's JavaScript does.
type Json = Record<string, any>;

describe('workflow pages: flowTemplate (api/workFlow/FlowEngine.js)', () => {
  it('the flow list answers a page of flat rows with the category name and the creator; ListAll answers every user', async () => {
    // views/workFlow/flowEngine/index.vue:188-199: { currentPage, pageSize, sort, sidx, keyword, category } → list, pagination.total.
    const page = await h.t.call('GET', '/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&category=', { token: h.token, headers: jnpf });
    expect(page.code).toBe(200);
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: expect.any(Number) });
    const seeded = page.data.list.find((r: Json) => r.enCode === 'purchaseRequisition' || r.fullName === '采购申请审批');
    expect(seeded).toMatchObject({ id: expect.any(String), fullName: '采购申请审批', enabledMark: expect.any(Number), sortCode: expect.any(Number), creatorTime: expect.any(Number), type: expect.any(Number) });
    expect(seeded.flowTemplateJson).toBe('');
    expect(typeof seeded.category).toBe('string');
    const none = await h.t.call('GET', `/api/workflow/Engine/flowTemplate?keyword=${encodeURIComponent('没有这样的流程')}`, { token: h.token, headers: jnpf });
    expect(none.data).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } });
    // flowTodo/index.vue:244-247 and the other task pages: ListAll → res.data.list, for users without 流程设计 too.
    await createUser(h.t.app, { account: 'jnpf_pages_clerk', password: 'Clerk@2468' });
    const clerk = await h.t.login('jnpf_pages_clerk', 'Clerk@2468');
    const all = await h.t.call('GET', '/api/workflow/Engine/flowTemplate/ListAll', { token: clerk, headers: jnpf });
    expect(all.code).toBe(200);
    expect(all.data.list).toContainEqual(expect.objectContaining({ id: seeded.id, fullName: '采购申请审批' }));
    expect(Object.keys(all.data.list[0]).sort()).toEqual(['category', 'enCode', 'enabledMark', 'fullName', 'id', 'type']);
    expect((await h.t.call('GET', '/api/workflow/Engine/flowTemplate', { token: clerk })).code).toBe(403);
  });
});

describe('发起流程 (views/workFlow/flowQuickLaunch/index.vue with flowLaunch/Flow.vue; api/workFlow/FlowEngine.js:84-90, :197-203)', () => {
  // Flow.vue:124-140: the page's query, and the next page while one comes back full.
  const page = (token: string, q: Record<string, string | number> = {}) =>
    h.t.call('GET', `/api/workflow/Engine/flowTemplate/PageListAll?${new URLSearchParams(Object.entries({ currentPage: 1, pageSize: 50, sort: 'desc', sidx: '', keyword: '', category: '', flowType: 0, ...q }).map(([k, v]) => [k, String(v)]))}`, { token, headers: jnpf });

  it('lists the flows the caller may launch as cards, by category tab and keyword; a card’s flow list opens its form', async () => {
    const all = await page(h.token);
    expect(all.code).toBe(200);
    // Flow.vue:39-46 draws id, fullName, icon, iconBackground; :133-135 reads list and pagination.total.
    const card = all.data.list.find((r: Json) => r.fullName === '采购申请审批');
    expect(card).toMatchObject({ id: expect.any(String), fullName: '采购申请审批', enCode: expect.any(String), icon: expect.any(String), iconBackground: expect.any(String), category: expect.any(String) });
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 50, total: all.data.list.length });
    expect((await page(h.token, { keyword: '采购申请' })).data.list.map((r: Json) => r.id)).toContain(card.id);
    expect((await page(h.token, { keyword: '没有这样的流程' })).data).toEqual({ list: [], pagination: { currentPage: 1, pageSize: 50, total: 0 } });
    expect((await page(h.token, { pageSize: 1, currentPage: 2 })).data.pagination.total).toBe(all.data.list.length);
    // The tabs are DictionaryData/All's WorkFlowCategory items; a tab sends its item's id as `category` (Flow.vue:11-13, :121-125).
    const db = h.t.app.db;
    await db.insertInto('dictionary_type').values({ id: 'dict-wfc-test', parent_id: '-1', full_name: '流程分类', en_code: 'WorkFlowCategory', is_tree: 0, sort_code: 99, description: '' }).execute();
    await db.insertInto('dictionary_data').values({ id: 'dict-wfc-purchase', dictionary_type_id: 'dict-wfc-test', parent_id: '0', full_name: '采购类', en_code: 'purchase', sort_code: 1, enabled_mark: 1 }).execute();
    try {
      const tabs = (await h.t.call('GET', '/api/system/DictionaryData/All', { token: h.token, headers: jnpf })).data.list.find((d: Json) => d.enCode === 'WorkFlowCategory').dictionaryList;
      const tab = tabs.find((t: Json) => t.fullName === '采购类');
      const inTab = (await page(h.token, { category: tab.id })).data.list;
      expect(inTab.map((r: Json) => r.id)).toContain(card.id);
      expect(inTab.find((r: Json) => r.id === card.id).category).toBe('采购类');
      expect((await page(h.token, { category: 'other' })).data.list.map((r: Json) => r.id)).not.toContain(card.id);
    } finally {
      await db.deleteFrom('dictionary_data').where('id', '=', 'dict-wfc-purchase').execute();
      await db.deleteFrom('dictionary_type').where('id', '=', 'dict-wfc-test').execute();
    }
    // Flow.vue:160-174: FlowJsonList/{id}?type=1 → the flows of the card; one opens FlowBox with flowId = its id.
    const flows = await h.t.call('GET', `/api/workflow/Engine/flowTemplate/FlowJsonList/${card.id}?type=1`, { token: h.token, headers: jnpf });
    expect(flows.data).toEqual([{ id: card.id, enCode: card.enCode, fullName: '采购申请审批', version: expect.any(String) }]);
    expect((await h.t.call('GET', '/api/workflow/Engine/flowTemplate/FlowJsonList/no-such-flow?type=1', { token: h.token, headers: jnpf })).data).toEqual([]);
    // FlowBox.vue:492-551 (opType -1): FlowBefore/0 { flowId } → the form in JNPF's names and the flow with its root properties.
    const before = await h.t.call('GET', `/api/workflow/Engine/FlowBefore/0?flowId=${card.id}`, { token: h.token, headers: jnpf });
    expect(before.code).toBe(200);
    expect(before.data).toMatchObject({ flowFormInfo: { formType: 2, enCode: card.enCode }, flowTemplateInfo: { fullName: '采购申请审批', type: expect.any(Number) }, formData: {}, flowTaskNodeList: [], flowTaskOperatorRecordList: [] });
    expect(before.data.approversProperties).toEqual(expect.any(Object));
    expect(before.data.formOperates).toEqual(expect.any(Array));
    expect(JSON.parse(before.data.flowTemplateInfo.flowTemplateJson).properties).toEqual(expect.any(Object));
    // dynamicForm/index.vue:35-36, :68-116: formConf = JSON.parse(propertyJson); every field read by __config__.jnpfKey.
    const conf = JSON.parse(before.data.flowFormInfo.propertyJson);
    expect(conf.fields.length).toBeGreaterThan(0);
    for (const f of conf.fields) expect(typeof f.__config__.jnpfKey).toBe('string');
    expect(await h.t.call('GET', '/api/workflow/Engine/FlowBefore/0?flowId=no-such-flow', { token: h.token, headers: jnpf })).toMatchObject({ code: 404, msg: '流程不存在' });
  });

  it('shows a flow open to some people only to them, and no stopped flow', async () => {
    await createUser(h.t.app, { account: 'jnpf_launch_clerk', password: 'Clerk@2468' });
    const clerk = await h.t.login('jnpf_launch_clerk', 'Clerk@2468');
    const card = (await page(h.token)).data.list.find((r: Json) => r.fullName === '采购申请审批');
    const db = h.t.app.db;
    const before = await db.selectFrom('flow_engine').select(['visible_type', 'enabled_mark']).where('id', '=', card.id).executeTakeFirstOrThrow();
    try {
      await db.updateTable('flow_engine').set({ visible_type: 1 }).where('id', '=', card.id).execute();
      expect((await page(clerk)).data.list.map((r: Json) => r.id)).not.toContain(card.id);
      expect((await h.t.call('GET', `/api/workflow/Engine/flowTemplate/FlowJsonList/${card.id}?type=1`, { token: clerk, headers: jnpf })).data).toEqual([]);
      expect((await h.t.call('GET', `/api/workflow/Engine/FlowBefore/0?flowId=${card.id}`, { token: clerk, headers: jnpf })).code).toBe(404);
      expect((await page(h.token)).data.list.map((r: Json) => r.id)).toContain(card.id);
      await db.updateTable('flow_engine').set({ visible_type: 0, enabled_mark: 0 }).where('id', '=', card.id).execute();
      expect((await page(h.token)).data.list.map((r: Json) => r.id)).not.toContain(card.id);
    } finally {
      await db.updateTable('flow_engine').set(before).where('id', '=', card.id).execute();
    }
    expect((await h.t.call('GET', '/api/workflow/Engine/flowTemplate/PageListAll')).code).not.toBe(200);
  });
});

describe('system pages', () => {
  it('GET system/System lists our one system, the one CurrentUser marks current (views/system/menu/index.vue:121-127)', async () => {
    const me = await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token });
    const r = await h.t.call('GET', '/api/system/System?keyword=', { token: h.token, headers: jnpf });
    expect(r.data.list).toEqual([{ id: me.data.userInfo.systemIds[0].id, fullName: 'KD 箱包供应链平台', enCode: expect.any(String), icon: expect.any(String), sortCode: 0, enabledMark: 1, isMain: 1, description: '' }]);
    expect((await h.t.call('GET', `/api/system/System?keyword=${encodeURIComponent('没有')}`, { token: h.token })).data.list).toEqual([]);
    expect((await h.t.call('GET', '/api/system/System?enableMark=1', { token: h.token })).data.list).toHaveLength(1);
  });

  it('getSynThirdTotal answers the 组织 and 用户 rows with zero counts (views/system/sysConfig/index.vue:638-642)', async () => {
    for (const type of ['1', '2']) {
      const r = await h.t.call('GET', `/api/system/SynThirdInfo/getSynThirdTotal/${type}`, { token: h.token, headers: jnpf });
      expect(r.data.map((o: Json) => o.synType)).toEqual(['组织', '用户']);
      expect(r.data[0]).toEqual({ synType: '组织', recordTotal: 0, synDate: null, synSuccessCount: 0, synFailCount: 0, unSynCount: 0 });
    }
    expect((await h.t.call('GET', '/api/system/SynThirdInfo/getSynThirdTotal/3', { token: h.token })).code).toBe(400);
  });

  it('SysConfig: the page reads the security values, saves its whole baseForm; a bad value writes nothing', async () => {
    const got = await h.t.call('GET', '/api/system/SysConfig', { token: h.token, headers: jnpf });
    expect(got.data).toMatchObject({ tokenTimeout: expect.any(Number), passwordErrorsNumber: expect.any(Number), lockType: expect.any(Number), lockTime: expect.any(Number), sysName: 'KD 箱包供应链平台' });
    // views/system/sysConfig/index.vue: 保存 sends baseForm — what GET answered, edited, plus JNPF's own members (as strings here and there).
    const baseForm = { ...got.data, lockTime: '15', passwordLengthMinNumber: 8, whitelistSwitch: 0, whiteListIp: '', qyhCorpId: '', smsCompany: '1', title: 'JNPF' };
    expect(await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, headers: jnpf, payload: baseForm })).toMatchObject({ code: 200, msg: '修改成功' });
    const after = await h.t.call('GET', '/api/system/SysConfig', { token: h.token, headers: jnpf });
    expect(after.data).toMatchObject({ lockTime: 15, passwordLengthMinNumber: 8, tokenTimeout: got.data.tokenTimeout });
    const bad = await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, headers: jnpf, payload: { ...after.data, lockTime: 10, tokenTimeout: 0 } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('tokenTimeout');
    expect((await h.t.call('GET', '/api/system/SysConfig', { token: h.token })).data.lockTime).toBe(15);
    // Put back what the other tests of this file see.
    await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, payload: { lockTime: got.data.lockTime, passwordLengthMinNumber: got.data.passwordLengthMinNumber } });
    const clerk = await h.t.login('jnpf_pages_clerk', 'Clerk@2468');
    const forClerk = await h.t.call('GET', '/api/system/SysConfig', { token: clerk });
    expect(forClerk.data.tokenTimeout).toBeUndefined();
    expect((await h.t.call('PUT', '/api/system/SysConfig', { token: clerk, payload: { lockTime: 20 } })).code).toBe(403);
  });
});

describe('permission pages', () => {
  it('SelectorByAuth: the whole tree for an administrator, only the scope and its ancestors for an organisation admin', async () => {
    const whole = (await h.t.call('GET', '/api/permission/Organize/Selector/0', { token: h.token })).data.list as Json[];
    expect((await h.t.call('GET', '/api/permission/Organize/Department/SelectorByAuth/0', { token: h.token, headers: jnpf })).data.list).toEqual(whole);
    // 上级公司 (organize/Form.vue:21-23, ComSelect isOnlyOrg): companies only, as JNPF's server answers it.
    const companies = (await h.t.call('GET', '/api/permission/Organize/SelectorByAuth/0', { token: h.token, headers: jnpf })).data.list as Json[];
    const types = (list: Json[]): string[] => list.flatMap((n) => [n.type, ...types(n.children ?? [])]);
    expect(companies.length).toBeGreaterThan(0);
    expect(new Set(types(companies))).toEqual(new Set(['company']));
    expect(companies.map((n) => n.id)).toEqual(whole.filter((n) => n.type === 'company').map((n) => n.id));
    const orgs = await h.t.app.db.selectFrom('organize').select(['id', 'full_name', 'parent_id']).execute();
    const dept = orgs.find((o) => o.full_name === '信息部');
    const company = orgs.find((o) => o.id === dept?.parent_id);
    expect(dept && company).toBeTruthy();
    const userId = await createUser(h.t.app, { account: 'jnpf_org_admin', password: 'OrgAdm@2468' });
    await h.t.app.db.insertInto('organize_administrator').values({ id: randomUUID(), user_id: userId, organize_id: dept!.id, this_layer_edit: 1 }).execute();
    const token = await h.t.login('jnpf_org_admin', 'OrgAdm@2468');
    // views/permission/user/index.vue:224-226 reads res.data.list as the tree.
    const tree = (await h.t.call('GET', '/api/permission/Organize/Department/SelectorByAuth/0', { token, headers: jnpf })).data.list as Json[];
    expect(tree.map((n) => n.id)).toEqual([company!.id]);
    expect(tree[0].children.map((n: Json) => n.fullName)).toEqual(['信息部']);
    // ComSelect/index.vue:294-306: a click takes the node's organizeIds (root → node) and organize (names by '/'); without
    // them the client's 选择组织 dialog picked nothing and its 确定 threw (selectedData[i].split of undefined).
    expect(tree[0]).toMatchObject({ organizeIds: [company!.id], organize: company!.full_name, icon: 'icon-ym icon-ym-tree-organization3' });
    expect(tree[0].children[0]).toMatchObject({ organizeIds: [company!.id, dept!.id], organize: `${company!.full_name}/信息部`, icon: 'icon-ym icon-ym-tree-department1' });
  });

  it('岗位管理: the form’s 岗位类型 lists DictionaryData/All’s PositionType (Form.vue:89-91, store base.js:70-86)', async () => {
    const all = (await h.t.call('GET', '/api/system/DictionaryData/All', { token: h.token, headers: jnpf })).data.list as Json[];
    const types = all.find((t) => t.enCode === 'PositionType');
    expect(types?.dictionaryList.map((i: Json) => i.enCode)).toEqual(['管理岗', '技术岗', '业务岗', '职能岗', '生产岗']);
  });

  it('Authority Data Values in the client’s shape: no objectType, moduleIds a string, type system first; objectId 0 grants nothing', async () => {
    // views/permission/authorize/AuthorizeForm.vue:84-87, :133, :252-274 — objectId a role's id, params { type, moduleIds }.
    const role = await h.t.app.db.selectFrom('role').select('id').executeTakeFirstOrThrow();
    const system = await h.t.call('POST', `/api/permission/Authority/Data/${role.id}/Values`, { token: h.token, headers: jnpf, payload: { type: 'system', moduleIds: '' } });
    expect(system.code).toBe(200);
    expect(system.data).toMatchObject({ list: [expect.objectContaining({ id: expect.any(String), fullName: 'KD 箱包供应链平台' })], ids: [system.data.list[0].id], all: [system.data.list[0].id] });
    const modules = await h.t.call('POST', `/api/permission/Authority/Data/${role.id}/Values`, { token: h.token, headers: jnpf, payload: { type: 'module', moduleIds: system.data.ids.toString() } });
    expect(modules.data.list.length).toBeGreaterThan(0);
    expect(modules.data.all.length).toBeGreaterThan(0);
    const withType = await h.t.call('POST', `/api/permission/Authority/Data/${role.id}/Values`, { token: h.token, payload: { type: 'module', objectType: 'Role' } });
    expect(withType.data.ids).toEqual(modules.data.ids);
    const someMenus = modules.data.all.slice(0, 3);
    const buttons = await h.t.call('POST', `/api/permission/Authority/Data/${role.id}/Values`, { token: h.token, headers: jnpf, payload: { type: 'button', moduleIds: someMenus.toString() } });
    expect(buttons.code).toBe(200);
    // views/permission/authorize/index.vue:77-80, :149 (批量授权): objectId 0.
    const batch = await h.t.call('POST', '/api/permission/Authority/Data/0/Values', { token: h.token, headers: jnpf, payload: { type: 'module', moduleIds: '' } });
    expect(batch.data.ids).toEqual([]);
    expect(batch.data.all).toEqual(modules.data.all);
    expect((await h.t.call('POST', '/api/permission/Authority/Data/no-such-object/Values', { token: h.token, payload: { type: 'module' } })).code).toBe(400);
  });
});

describe('notice page: POST message/Notice (api/system/message.js:35-41)', () => {
  it('lists with the client’s query, enabledMark as a list of states', async () => {
    const made = await h.t.call('POST', '/api/message', { token: h.token, payload: { title: 'JNPF 公告页测试' } });
    expect(made.code).toBe(200);
    // views/system/notice/index.vue:119-123, :146-150.
    const body = { keyword: 'JNPF 公告页', currentPage: 1, pageSize: 20, enabledMark: [], type: [] };
    const all = await h.t.call('POST', '/api/message/Notice', { token: h.token, headers: jnpf, payload: body });
    expect(all.code).toBe(200);
    expect(all.data.pagination.total).toBe(1);
    expect(all.data.list[0]).toMatchObject({ id: made.data.id, title: 'JNPF 公告页测试', enabledMark: 0 });
    expect((await h.t.call('POST', '/api/message/Notice', { token: h.token, payload: { ...body, enabledMark: ['1'] } })).data.list).toEqual([]);
    expect((await h.t.call('POST', '/api/message/Notice', { token: h.token, payload: { ...body, enabledMark: ['0', '2'] } })).data.pagination.total).toBe(1);
    // The notice itself is untouched (POST message/{id} is the update route: "Notice" is no id).
    expect((await h.t.call('GET', `/api/message/${made.data.id}`, { token: h.token })).data.title).toBe('JNPF 公告页测试');
  });
});

describe('report page at the client’s report server path (api/onlineDev/dataReport.js, utils/define.js:13)', () => {
  it('/ReportServer/api/datareport/Data lists our reports with categoryId; Selector as ours', async () => {
    const ours = await h.t.call('GET', '/api/datareport/Data?currentPage=1&pageSize=20', { token: h.token });
    const r = await h.t.call('GET', '/ReportServer/api/datareport/Data?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&category=', { token: h.token, headers: jnpf });
    expect(r.code).toBe(200);
    expect(r.data.pagination).toEqual(ours.data.pagination);
    expect(r.data.list).toEqual(ours.data.list.map((x: Json) => ({ ...x, categoryId: x.category })));
    for (const row of r.data.list) expect(row).toMatchObject({ fullName: expect.any(String), enCode: expect.any(String), creatorTime: expect.any(Number), sortCode: expect.any(Number) });
    expect((await h.t.call('GET', '/ReportServer/api/datareport/Data/Selector', { token: h.token })).data).toEqual((await h.t.call('GET', '/api/datareport/Data/Selector', { token: h.token })).data);
    expect((await h.t.call('GET', '/ReportServer/api/datareport/Data', { token: await h.t.login('jnpf_pages_clerk', 'Clerk@2468') })).code).toBe(403);
  });

  it('copy and delete at the client’s path', async () => {
    const first = (await h.t.call('GET', '/ReportServer/api/datareport/Data', { token: h.token })).data.list[0];
    if (!first) return expect(first).toBeUndefined(); // no report seeded without the demo data
    const copy = await h.t.call('POST', `/ReportServer/api/datareport/Data/Copy/${first.id}`, { token: h.token, headers: jnpf });
    expect(copy).toMatchObject({ code: 200, msg: '新建成功', data: { id: expect.any(String) } });
    expect(await h.t.call('DELETE', `/ReportServer/api/datareport/Data/${copy.data.id}`, { token: h.token, headers: jnpf })).toMatchObject({ code: 200, msg: '删除成功' });
  });
});
