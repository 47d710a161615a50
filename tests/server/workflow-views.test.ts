import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { createUser, signedInTestApp } from './helpers';
import { purchaseTree, releasedFlow, W } from './workflow-fixtures';

/**
 * The server side of the workflow views (issue 15 item 4): the 工作流程 menus every seeded role sees (流程监控 only the
 * administrators), their page configs opening for those roles, the launch form of a flow the caller may launch
 * (FlowLaunch/Form/{flowId}, not a stopped one) and the form config in the task detail (flowFormInfo).
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
let flowId = '';
type Menu = { fullName: string; urlAddress: string; children: Menu[] };

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  flowId = await releasedFlow(s.t, s.token, 'viewsReq', purchaseTree(demoUserId('huangwei')));
});

describe('workflow views', () => {
  it('a demo role sees 工作流程 with its six pages and may open their configs; 流程监控 is the administrators’', async () => {
    const me = await s.t.call('GET', '/api/oauth/CurrentUser', { token: tok.lina });
    const folder = (me.data.menuList as Menu[]).find((m) => m.fullName === '工作流程');
    expect(folder?.children.map((c) => c.urlAddress)).toEqual(['workFlow/flowQuickLaunch', 'workFlow/flowTodo', 'workFlow/flowDone', 'workFlow/flowCirculate', 'workFlow/flowLaunch', 'workFlow/entrust']);
    for (const code of ['workflowAddFlow', 'workflowTodo', 'workflowDone', 'workflowCirculate', 'workflowLaunch', 'workflowDelegate']) {
      expect((await s.t.call('GET', `/api/visualdev/OnlineDev/${code}/Config`, { token: tok.lina })).code, code).toBe(200);
    }
    expect((await s.t.call('GET', '/api/visualdev/OnlineDev/workflowMonitor/Config', { token: tok.lina })).code).toBe(403);
    const admin = await s.t.call('GET', '/api/oauth/CurrentUser', { token: s.token });
    expect((admin.data.menuList as Menu[]).find((m) => m.fullName === '工作流程')?.children.map((c) => c.fullName)).toContain('流程监控');
    expect((await s.t.call('GET', '/api/visualdev/OnlineDev/workflowMonitor/Config', { token: s.token })).code).toBe(200);
  });

  it('a role created after the first start needs no grant: its user sees the six pages and their routes answer', async () => {
    const role = await s.t.call('POST', '/api/permission/Role', { token: s.token, payload: { fullName: '新建角色', enCode: 'wfLateRole', globalMark: 1 } });
    expect(role.code, role.msg).toBe(200);
    await createUser(s.t.app, { account: 'wflate', password: DEMO_PASSWORD, realName: '后来者', roleIds: [role.data.id] });
    const token = await s.t.login('wflate', DEMO_PASSWORD);
    const me = await s.t.call('GET', '/api/oauth/CurrentUser', { token });
    const folder = (me.data.menuList as Menu[]).find((m) => m.fullName === '工作流程');
    expect(folder?.children.map((c) => c.fullName)).toEqual(['发起流程', '待办事宜', '已办事宜', '抄送事宜', '我发起的', '流程委托']);
    expect((me.data.permissionList as Array<{ moduleName: string }>).map((p) => p.moduleName)).toEqual(expect.arrayContaining(['发起流程', '待办事宜', '抄送事宜']));
    for (const code of ['workflowAddFlow', 'workflowTodo', 'workflowDone', 'workflowCirculate', 'workflowLaunch', 'workflowDelegate']) {
      expect((await s.t.call('GET', `/api/visualdev/OnlineDev/${code}/Config`, { token })).code, code).toBe(200);
    }
    for (const path of ['FlowEngine/Selector', 'FlowBefore/List/1', 'FlowBefore/List/2', 'FlowBefore/List/3', 'FlowLaunch', 'FlowDelegate']) {
      expect((await s.t.call('GET', `${W}/${path}`, { token })).code, path).toBe(200);
    }
    // Not 流程监控 nor 流程设计: those stay granted (administrators).
    expect((await s.t.call('GET', '/api/visualdev/OnlineDev/workflowMonitor/Config', { token })).code).toBe(403);
    expect((await s.t.call('GET', `${W}/FlowEngine`, { token })).code).toBe(403);
    expect(JSON.stringify(me.data.menuList)).not.toContain('流程监控');
    // The explainer tells why: the menu is open to every signed-in user, no grant involved.
    const why = await s.t.call('GET', '/api/permission/Authority/Explain?userId=user-wflate&menuId=menu-workflow-todo', { token: s.token });
    expect(why.data).toMatchObject({ allowed: true, menu: { signedIn: true }, sources: [] });
    expect((await s.t.call('GET', '/api/permission/Authority/Explain?userId=user-wflate&menuId=menu-workflow-monitor', { token: s.token })).data).toMatchObject({ allowed: false, menu: { signedIn: false } });
  });

  it('the grant editor answers the open menus as granted to every role, flagged, and never stores them', async () => {
    const role = await s.t.call('POST', '/api/permission/Role', { token: s.token, payload: { fullName: '授权角色', enCode: 'wfGrantRole', globalMark: 1 } });
    const url = `/api/permission/Authority/Data/${role.data.id}`;
    type Node = { id: string; signedIn?: boolean; children: Node[] };
    const values = (await s.t.call('POST', `${url}/Values`, { token: s.token, payload: { type: 'module', objectType: 'Role' } })).data as { list: Node[]; ids: string[]; all: string[] };
    const flat = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const open = flat(values.list).filter((n) => n.signedIn).map((n) => n.id);
    const views = ['menu-workflow', 'menu-workflow-add-flow', 'menu-workflow-todo', 'menu-workflow-done', 'menu-workflow-circulate', 'menu-workflow-launch', 'menu-workflow-entrust'];
    expect(open.sort()).toEqual([...views].sort());
    expect(values.ids.sort()).toEqual([...views].sort());
    expect(flat(values.list).find((n) => n.id === 'menu-workflow-monitor')).toMatchObject({ id: 'menu-workflow-monitor' });
    expect(flat(values.list).find((n) => n.id === 'menu-workflow-monitor')?.signedIn).toBeUndefined();
    // Sent back (an older client ticks them), they are not stored: only the real grant is.
    expect((await s.t.call('POST', url, { token: s.token, payload: { objectType: 'Role', module: ['menu-workflow', 'menu-workflow-todo', 'menu-workflow-monitor'] } })).code).toBe(200);
    expect((await s.t.call('GET', `${url}?objectType=Role`, { token: s.token })).data.module).toEqual(['menu-workflow-monitor']);
    const again = (await s.t.call('POST', `${url}/Values`, { token: s.token, payload: { type: 'module', objectType: 'Role' } })).data.ids as string[];
    expect(again.sort()).toEqual([...views, 'menu-workflow-monitor'].sort());
  });

  it('answers the launch form of a released flow, not of a stopped or unknown one; the detail carries the form', async () => {
    const form = await s.t.call('GET', `${W}/FlowLaunch/Form/${flowId}`, { token: tok.lina });
    expect(form.data).toMatchObject({ id: flowId, fullName: '流程viewsReq', formId: null });
    expect(form.data.formData.fields.map((f: { __vModel__: string }) => f.__vModel__)).toEqual(['title', 'amount', 'needBy', 'owner']);
    expect(await s.t.call('GET', `${W}/FlowLaunch/Form/no-such-flow`, { token: tok.lina })).toMatchObject({ code: 404, msg: '流程不存在' });

    const made = await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '视图测试', formData: { title: '视图测试', amount: 10 }, status: 0 } });
    const detail = await s.t.call('GET', `${W}/FlowBefore/${made.data.id}`, { token: tok.zhouqiang });
    expect(detail.data.flowFormInfo.formData.fields).toHaveLength(4);
    expect(detail.data.formData).toMatchObject({ title: '视图测试', amount: 10 });

    expect((await s.t.call('POST', `${W}/FlowEngine/Stop/${flowId}`, { token: s.token })).code).toBe(200);
    expect(await s.t.call('GET', `${W}/FlowLaunch/Form/${flowId}`, { token: tok.lina })).toMatchObject({ code: 404 });
  });
});
