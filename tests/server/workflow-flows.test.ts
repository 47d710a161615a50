import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { FLOW_ENGINE_MENU_ID } from '../../server/src/db/seed/workflow-menus';
import { grant, signedInTestApp } from './helpers';
import { approver, node, purchaseForm, purchaseTree, releasedFlow, W } from './workflow-fixtures';

/**
 * Flow records (issue 15 item 1; spec 001 §7 "Flow engine"; the `workflow` rows of endpoints.tsv): CRUD with JNPF
 * shapes, the category tree, copy, export and import, release (versions) and stop, the launch pickers with visibility,
 * form fields, and the design check at save and release naming the node.
 */
const s = signedInTestApp();
const F = `${W}/FlowEngine`;
const GM = demoUserId('huangwei');

describe('flow records', () => {
  it('create, read, update, list as a category tree, ListAll, copy, delete', async () => {
    const { t, token } = s;
    const made = await t.call('POST', F, { token, payload: { enCode: 'pur01', fullName: '采购申请', category: 'purchase', formData: purchaseForm(), flowTemplateJson: purchaseTree(GM) } });
    expect(made).toMatchObject({ code: 200, msg: '新建成功', data: { id: expect.any(String) } });
    const id = made.data.id;
    const info = await t.call('GET', `${F}/${id}`, { token });
    expect(info.data).toMatchObject({ id, enCode: 'pur01', fullName: '采购申请', category: 'purchase', enabledMark: 0, version: '0', visibleType: 0, type: 0, formType: 2 });
    expect(JSON.parse(info.data.flowTemplateJson).childNode.conditionNodes).toHaveLength(2);

    expect(await t.call('POST', `${F}/${id}`, { token, payload: { fullName: '采购申请单', description: '金额分级审批' } })).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await t.call('GET', `${F}/${id}`, { token })).data).toMatchObject({ fullName: '采购申请单', enCode: 'pur01', description: '金额分级审批' });
    expect(await t.call('POST', F, { token, payload: { enCode: 'pur01', fullName: '重复' } })).toMatchObject({ code: 400, msg: '流程编码已存在' });
    expect(await t.call('POST', F, { token, payload: { enCode: 'x1' } })).toMatchObject({ code: 400, msg: '流程名称不能为空' });

    const tree = (await t.call('GET', `${F}?keyword=${encodeURIComponent('采购')}`, { token })).data.list;
    // The seeded 采购申请审批 (issue 17, db/seed/purchasing-flow.ts) shares the category and the keyword.
    expect(tree).toEqual([expect.objectContaining({ id: 'purchase', parentId: '0', hasChildren: true, num: 2 })]);
    expect(tree[0].children.map((c: { fullName: string }) => c.fullName).sort()).toEqual(['采购申请单', '采购申请审批']);
    expect(tree[0].children).toContainEqual(expect.objectContaining({ id, fullName: '采购申请单', parentId: 'purchase' }));
    expect((await t.call('GET', `${F}?keyword=nothing-like-this`, { token })).data.list).toEqual([]);
    expect((await t.call('GET', `${F}/ListAll`, { token })).data.list.map((r: { id: string }) => r.id)).toContain(id);

    const copy = await t.call('POST', `${F}/${id}/Actions/Copy`, { token });
    expect(copy.code).toBe(200);
    const copied = (await t.call('GET', `${F}/${copy.data.id}`, { token })).data;
    expect(copied.enCode).toMatch(/^pur01\d{6}$/);
    expect(copied.fullName).toMatch(/^采购申请单副本\d{6}$/);
    expect(copied.flowTemplateJson).toBe((await t.call('GET', `${F}/${id}`, { token })).data.flowTemplateJson);
    expect(await t.call('DELETE', `${F}/${copy.data.id}`, { token })).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await t.call('GET', `${F}/${copy.data.id}`, { token })).toMatchObject({ code: 404, msg: '流程不存在' });
  });

  it('export gives a file that imports as a new stopped flow (code suffixed when taken)', async () => {
    const { t, token } = s;
    const id = (await t.call('POST', F, { token, payload: { enCode: 'exp01', fullName: '导出流程', formData: purchaseForm(), flowTemplateJson: purchaseTree(GM) } })).data.id;
    const res = await t.app.inject({ method: 'GET', url: `${F}/${id}/Actions/ExportData`, headers: { authorization: token } });
    expect(res.headers['content-disposition']).toContain('.json');
    const file = res.json();
    expect(file).toMatchObject({ enCode: 'exp01', fullName: '导出流程' });
    const imported = await t.call('POST', `${F}/Actions/ImportData`, { token, payload: file });
    expect(imported.code).toBe(200);
    expect((await t.call('GET', `${F}/${imported.data.id}`, { token })).data).toMatchObject({ fullName: '导出流程', enCode: expect.stringMatching(/^exp01\d{6}$/), enabledMark: 0 });
    expect(await t.call('POST', `${F}/Actions/ImportData`, { token, payload: { nonsense: true } })).toMatchObject({ code: 400 });
  });

  it('the design is checked at save and at release, naming the node', async () => {
    const { t, token } = s;
    const noDefault = purchaseTree(GM);
    noDefault.childNode?.conditionNodes?.pop();
    const r1 = await t.call('POST', F, { token, payload: { enCode: 'bad1', fullName: '坏流程', formData: purchaseForm(), flowTemplateJson: noDefault } });
    expect(r1).toMatchObject({ code: 400, msg: '流程设计有误：节点「split」(split~gw)：条件分支必须有且只有一个默认分支' });
    const r2 = await t.call('POST', F, { token, payload: { enCode: 'bad2', fullName: '坏流程', flowTemplateJson: purchaseTree(GM) } });
    expect(r2.code).toBe(400);
    expect(r2.data.issues).toEqual([expect.objectContaining({ nodeId: 'big', name: '大额', key: 'issueUnknownField' })]);
    const r3 = await t.call('POST', F, { token, payload: { enCode: 'bad3', fullName: '坏流程', flowTemplateJson: node('start', 'start', {}, approver('nobody', { title: '空审批' })) } });
    expect(r3).toMatchObject({ code: 400, msg: expect.stringContaining('节点「空审批」(nobody)：审批人为空') });
    const r4 = await t.call('POST', F, { token, payload: { enCode: 'bad4', fullName: '坏流程', flowTemplateJson: '{not json' } });
    expect(r4).toMatchObject({ code: 400, msg: '流程设计数据格式不正确' });
    const en = await t.app.inject({ method: 'POST', url: F, headers: { authorization: token, 'accept-language': 'en' }, payload: { enCode: 'bad5', fullName: 'x', formData: purchaseForm(), flowTemplateJson: noDefault } });
    expect(en.json().msg).toBe('The flow design is wrong: Node "split" (split~gw): A condition group needs exactly one default branch');
    expect(await t.app.db.selectFrom('flow_engine').select('id').where('en_code', 'like', 'bad%').execute()).toEqual([]);
  });

  it('release keeps versions; stop hides it from the launch pickers; visibility limits who may launch', async () => {
    const { t, token } = s;
    const open = await releasedFlow(t, token, 'vis0', purchaseTree(GM));
    const only = await releasedFlow(t, token, 'vis1', purchaseTree(GM, { initiateRole: ['role-demo-purchaser'] }));
    expect((await t.call('GET', `${F}/${only}`, { token })).data).toMatchObject({ visibleType: 1, enabledMark: 1, version: '1' });
    expect(await t.call('POST', `${F}/Release/${only}`, { token })).toMatchObject({ code: 200, data: { version: 2 } });
    const versions = await t.app.db.selectFrom('flow_engine_version').select('version').where('flow_id', '=', only).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);

    const lina = await t.login('lina', DEMO_PASSWORD);
    const sunli = await t.login('sunli', DEMO_PASSWORD);
    const ids = async (tok: string) => ((await t.call('GET', `${F}/Selector`, { token: tok })).data.list as Array<{ children: Array<{ id: string }> }>).flatMap((c) => c.children.map((x) => x.id));
    expect(await ids(lina)).toEqual(expect.arrayContaining([open, only]));
    expect(await ids(sunli)).toContain(open);
    expect(await ids(sunli)).not.toContain(only);
    expect((await t.call('GET', '/api/SubDev/CommonData/GetFlowEngineByEnCode/vis1', { token: lina })).data).toMatchObject({ id: only, enCode: 'vis1' });
    expect(await t.call('GET', '/api/SubDev/CommonData/GetFlowEngineByEnCode/vis1', { token: sunli })).toMatchObject({ code: 404 });

    expect(await t.call('POST', `${F}/Stop/${open}`, { token })).toMatchObject({ code: 200 });
    expect(await ids(lina)).not.toContain(open);
    expect(await t.call('GET', F, { token: lina })).toMatchObject({ code: 403 });
  });

  it('the 流程设计 menu (enCode flowEngine) and its buttons guard the records; a granted role may add but not delete', async () => {
    const { t, token } = s;
    const menu = await t.app.db.selectFrom('module').select(['parent_id', 'en_code', 'url_address', 'full_name']).where('id', '=', FLOW_ENGINE_MENU_ID).executeTakeFirst();
    expect(menu).toEqual({ parent_id: 'menu-system', en_code: 'flowEngine', url_address: 'workFlow/flowEngine', full_name: '流程设计' });
    const chen = await t.login('chenjing', DEMO_PASSWORD);
    expect(await t.call('GET', F, { token: chen })).toMatchObject({ code: 403 });
    await grant(t.app, 'Role', 'role-demo-inspector', [['module', FLOW_ENGINE_MENU_ID], ['button', `${FLOW_ENGINE_MENU_ID}:btn_add`]]);
    const made = await t.call('POST', F, { token: chen, payload: { enCode: 'qc01', fullName: '来料检验', formData: purchaseForm() } });
    expect(made.code).toBe(200);
    expect((await t.call('GET', F, { token: chen })).code).toBe(200);
    expect(await t.call('DELETE', `${F}/${made.data.id}`, { token: chen })).toMatchObject({ code: 403 });
    expect((await t.call('DELETE', `${F}/${made.data.id}`, { token })).code).toBe(200);
  });

  it('FormDataFields lists the form\'s fields; MessageTemplateService lists the notices', async () => {
    const { t, token } = s;
    const id = (await t.call('POST', F, { token, payload: { enCode: 'fields1', fullName: '字段', formData: JSON.stringify(purchaseForm()) } })).data.id;
    const list = (await t.call('GET', `${F}/${id}/FormDataFields`, { token })).data.list;
    expect(list.map((f: { vmodel: string; label: string }) => `${f.vmodel}:${f.label}`)).toEqual(['title:标题', 'amount:金额', 'needBy:需求日期', 'owner:负责人']);
    expect((await t.call('GET', `${F}/${id}/FieldDataSelect`, { token })).data).toEqual({ list: [] });
    expect((await t.call('GET', '/api/System/MessageTemplateService/GetSelectOption', { token })).data.list[0]).toEqual({ id: 'todo', enCode: 'todo', fullName: '待审批通知' });
  });
});
