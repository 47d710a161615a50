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
    for (const path of ['Organize/SelectorByAuth/0', 'Organize/Department/SelectorByAuth/0']) {
      const mine = await h.t.call('GET', `/api/permission/${path}`, { token: h.token, headers: jnpf });
      const whole = await h.t.call('GET', '/api/permission/Organize/Selector/0', { token: h.token });
      expect(mine.data.list).toEqual(whole.data.list);
    }
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
