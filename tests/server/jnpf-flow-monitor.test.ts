import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * JNPF v3.4.7's 流程监控 (issue 22) with the requests its web client sends and the members it reads. Citations are files
 * and lines of the client's source (wuqingguang0816/Mnxhp, commit de4cb9f0, `src/…`): FlowBox =
 * views/workFlow/components/FlowBox.vue, api = api/workFlow/FlowBefore.js. The monitor opens a task as FlowBox opType 4
 * with `id` = the row's processId and `taskId` = the row's id (flowMonitor/index.vue toDetail). Calls carry
 * `jnpf-origin: pc` (utils/request.js:26).
 */
const s = signedInTestApp();
const jnpf = { 'jnpf-origin': 'pc' };
// biome-ignore lint/suspicious/noExplicitAny: answers are read member by member, as the client's JavaScript does.
type Json = Record<string, any>;
const tok: Record<string, string> = {};
const id = demoUserId;
const call = (who: string, method: string, url: string, payload?: unknown, lang?: string) =>
  s.t.call(method as 'GET', url, { token: who === 'admin' ? s.token : tok[who], headers: { ...jnpf, ...(lang ? { 'accept-language': lang } : {}) }, ...(payload === undefined ? {} : { payload }) });
/** FlowBox.vue:492 getBeforeInfo as the monitor opens a task (taskOperatorId = the monitor row's id). */
const info = async (taskId: string) => (await call('admin', 'GET', `${W}/FlowBefore/${taskId}?taskOperatorId=${taskId}`)).data as Json;
const todo = async (who: string) => (await call(who, 'GET', `${W}/FlowBefore/List/1?currentPage=1&pageSize=50&sort=desc&sidx=&keyword=&startTime=&endTime=&templateId=&flowId=&flowUrgent=&flowCategory=&creatorUserId=`)).data.list as Json[];
const form = { title: '盘点申请', amount: 300 };
const files = [{ name: '盘点表.xlsx', fileId: 'f-1.xlsx', url: '/api/file/Download?f-1' }];
const launch = async (flowId: string) => (await call('lina', 'POST', `${W}/FlowTask`, { formData: form, flowId, status: 0, flowUrgent: 1, candidateType: 3 })).data.id as string;

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang', 'huangwei', 'wangfang', 'sunli']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
});

describe('挂起 / 恢复 (SuspendDialog.vue; FlowBox.vue:566-574, :645-681)', () => {
  let parentFlow = '';
  beforeAll(async () => {
    const child = await releasedFlow(s.t, s.token, 'monChild', node('start', 'start', { title: '发起人' }, approver('verify', { title: '核对', approvers: [id('wangfang')] })));
    const tree = node('start', 'start', { title: '发起人' }, node('subFlow', 'check', { title: '部门核对', flowId: child, initiateType: 6, initiator: [id('zhouqiang')], assignList: [] }, approver('final', { title: '仓储确认', approvers: [id('huangwei')] })));
    parentFlow = await releasedFlow(s.t, s.token, 'monParent', tree);
  });
  const childOf = async (taskId: string) => (await s.t.app.db.selectFrom('flow_task').select('id').where('parent_id', '=', taskId).executeTakeFirstOrThrow()).id;

  it('suspends a task with its subflow tasks: to-dos stay listed as suspended and refuse approval; restoring the parent resumes both', async () => {
    const taskId = await launch(parentFlow);
    const childId = await childOf(taskId);
    // SuspendDialog.init → suspendType(id): true offers 主流程挂起 beside 全部流程挂起.
    expect(await call('admin', 'GET', `${W}/FlowBefore/Suspend/${taskId}`)).toMatchObject({ code: 200, data: true });
    expect((await call('admin', 'GET', `${W}/FlowBefore/Suspend/${childId}`)).data).toBe(false);
    expect((await call('lina', 'GET', `${W}/FlowBefore/Suspend/${taskId}`)).code).toBe(403);
    expect((await call('lina', 'POST', `${W}/FlowBefore/Suspend/${taskId}`, { suspend: false, handleOpinion: '', fileList: [] })).code).toBe(403);
    // suspendReceiver(dataForm): { suspend: false (全部流程挂起), handleOpinion, fileList }.
    expect((await call('admin', 'POST', `${W}/FlowBefore/Suspend/${taskId}`, { suspend: false, handleOpinion: '盘点暂停', fileList: files })).code).toBe(200);
    const parent = await info(taskId);
    // initBtnList: 恢复 on status 6 && !suspend; 挂起 only on status 1.
    expect(parent.flowTaskInfo).toMatchObject({ status: 6, suspend: false });
    const rec = parent.flowTaskOperatorRecordList.find((r: Json) => r.handleStatus === 11);
    expect(rec).toMatchObject({ handleOpinion: '盘点暂停', nodeName: '部门核对', userName: expect.any(String) });
    expect(JSON.parse(rec.fileList)).toEqual(files);
    expect((await info(childId)).flowTaskInfo).toMatchObject({ status: 6, suspend: true });
    // flowMonitor/index.vue: status 6 已被挂起, also as a filter.
    const listed = (await call('admin', 'GET', `${W}/FlowMonitor?currentPage=1&pageSize=50&sort=desc&sidx=&keyword=&status=6&flowUrgent=&flowCategory=&creatorUserId=&templateId=&flowId=`)).data.list as Json[];
    expect(listed.map((r) => r.id).sort()).toEqual([taskId, childId].sort());
    expect(listed.find((r) => r.id === taskId)).toMatchObject({ status: 6, flowVersion: '1', flowName: '流程monParent', userName: '李娜/lina', thisStep: '部门核对' });

    // The approver still sees the to-do, as suspended, and cannot approve it (in the request's language).
    const row = (await todo('wangfang')).find((r) => r.processId === childId);
    expect(row).toMatchObject({ status: 6, thisStepId: 'verify' });
    const audit = { handleOpinion: '同意', fileList: [], id: childId, formData: {}, signImg: '', copyIds: '', branchList: [], candidateType: 3, rejectType: 1 };
    expect(await call('wangfang', 'POST', `${W}/FlowBefore/Audit/${row?.id}`, audit)).toMatchObject({ code: 400, msg: '流程已被挂起，恢复后才能办理' });
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/Audit/${row?.id}`, audit, 'en')).msg).toBe('The task is suspended; it can be handled once it is restored');
    // 退回 asks RejectList first and 暂存 SaveAudit: both name the suspension too.
    expect((await call('wangfang', 'GET', `${W}/FlowBefore/RejectList/${row?.id}`)).msg).toBe('流程已被挂起，恢复后才能办理');
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/SaveAudit/${row?.id}`, { id: childId, formData: {} })).msg).toBe('流程已被挂起，恢复后才能办理');
    // A subflow task suspended with its parent is restored only with it; a second suspension is refused.
    expect((await call('admin', 'POST', `${W}/FlowBefore/Restore/${childId}`, { handleOpinion: '', fileList: [] })).msg).toBe('该流程随上级流程一起挂起，请恢复上级流程');
    expect((await call('admin', 'POST', `${W}/FlowBefore/Suspend/${taskId}`, { suspend: false })).code).toBe(400);

    // recovery(): restore(id, { handleOpinion: '', fileList: [] }).
    expect((await call('admin', 'POST', `${W}/FlowBefore/Restore/${taskId}`, { handleOpinion: '', fileList: [] })).code).toBe(200);
    expect((await info(taskId)).flowTaskInfo.status).toBe(1);
    expect((await info(childId)).flowTaskOperatorRecordList.map((r: Json) => r.handleStatus)).toEqual([2, 11, 12]);
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/Audit/${row?.id}`, audit)).code).toBe(200);
    expect((await todo('huangwei')).map((r) => r.processId)).toContain(taskId);
  });

  it('主流程挂起 leaves the subflow running; a child that ends meanwhile lets the parent pass once restored', async () => {
    const taskId = await launch(parentFlow);
    const childId = await childOf(taskId);
    expect((await call('admin', 'POST', `${W}/FlowBefore/Suspend/${taskId}`, { suspend: true, handleOpinion: '只停主流程', fileList: [] })).code).toBe(200);
    expect((await info(childId)).flowTaskInfo.status).toBe(1);
    const row = (await todo('wangfang')).find((r) => r.processId === childId);
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/Audit/${row?.id}`, { handleOpinion: '', fileList: [], id: childId, formData: {} })).code).toBe(200);
    expect((await info(childId)).flowTaskInfo.status).toBe(2);
    expect((await todo('huangwei')).map((r) => r.processId)).not.toContain(taskId);
    expect((await call('admin', 'POST', `${W}/FlowBefore/Restore/${taskId}`, { handleOpinion: '继续', fileList: [] })).code).toBe(200);
    expect((await todo('huangwei')).find((r) => r.processId === taskId)).toMatchObject({ thisStepId: 'final', status: 1 });
    expect((await call('admin', 'POST', `${W}/FlowBefore/Restore/${taskId}`, { handleOpinion: '' })).msg).toBe('流程未被挂起，不能恢复');
  });
});

describe('变更 / 复活 (FlowBox.vue:184-212 dialog, :430-467 handleResurgence, flowResurgence)', () => {
  let flowId = '';
  beforeAll(async () => {
    flowId = await releasedFlow(s.t, s.token, 'monChange', node('start', 'start', { title: '发起人' }, approver('a1', { title: '一审', approvers: [id('zhouqiang')], progress: '40' }, approver('a2', { title: '二审', approvers: [id('huangwei')] }))));
  });

  it('moves a running task to a chosen node, and revives an ended one at its node, with records RecordList shows', async () => {
    const taskId = await launch(flowId);
    // ResurgenceList(setting.taskId) → res.data: the options' id and nodeName.
    const nodes = await call('admin', 'GET', `${W}/FlowBefore/Selector/${taskId}`);
    expect(nodes.data.map((n: Json) => [n.id, n.nodeName])).toEqual([['a1', '一审'], ['a2', '二审']]);
    expect((await call('lina', 'GET', `${W}/FlowBefore/Selector/${taskId}`)).code).toBe(403);
    // Resurgence({ ...resurgenceForm, taskId, resurgence: completion == 100 }).
    const body = { taskNodeId: 'a2', handleOpinion: '跳过一审', fileList: files, taskId, resurgence: false };
    expect((await call('lina', 'POST', `${W}/FlowBefore/Change`, body)).code).toBe(403);
    const changed = await call('admin', 'POST', `${W}/FlowBefore/Change`, body);
    expect(changed.code).toBe(200);
    expect(Array.isArray(changed.data)).toBe(false);
    expect((await todo('zhouqiang')).map((r) => r.processId)).not.toContain(taskId);
    const gm = (await todo('huangwei')).find((r) => r.processId === taskId);
    expect(gm).toMatchObject({ thisStepId: 'a2', thisStep: '二审' });
    const rec = (await info(taskId)).flowTaskOperatorRecordList.find((r: Json) => r.handleStatus === 8);
    expect(rec).toMatchObject({ nodeName: '二审', handleOpinion: '跳过一审' });
    expect(JSON.parse(rec.fileList)).toEqual(files);
    expect((await call('admin', 'POST', `${W}/FlowBefore/Change`, { ...body, taskNodeId: 'start' })).msg).toBe('请选择流程中的审批节点');

    expect((await call('huangwei', 'POST', `${W}/FlowBefore/Audit/${gm?.id}`, { handleOpinion: '同意', fileList: [], id: taskId, formData: form })).code).toBe(200);
    const ended = await info(taskId);
    expect(ended.flowTaskInfo).toMatchObject({ status: 2, completion: 100, endTime: expect.any(Number) });
    expect((await call('admin', 'POST', `${W}/FlowBefore/Change`, { ...body, taskNodeId: 'a1' })).msg).toBe('只有审批中或被退回的流程可以变更');
    // 复活 (completion 100): the flow runs again at 一审 with its approver.
    expect((await call('admin', 'POST', `${W}/FlowBefore/Change`, { taskNodeId: 'a1', handleOpinion: '重新审核', fileList: [], taskId, resurgence: true })).code).toBe(200);
    const revived = await info(taskId);
    expect(revived.flowTaskInfo).toMatchObject({ status: 1, completion: 0, endTime: null, thisStepId: 'a1' });
    expect(revived.flowTaskOperatorRecordList.find((r: Json) => r.handleStatus === 9)).toMatchObject({ nodeName: '一审', handleOpinion: '重新审核', fileList: '[]' });
    const again = (await todo('zhouqiang')).find((r) => r.processId === taskId);
    expect(again).toMatchObject({ thisStepId: 'a1' });
    expect((await call('admin', 'POST', `${W}/FlowBefore/Change`, { taskNodeId: 'a1', taskId, resurgence: true })).msg).toBe('只有已结束或被退回的流程可以复活');
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${again?.id}`, { handleOpinion: '', fileList: [], id: taskId, formData: form })).code).toBe(200);
    expect((await todo('huangwei')).map((r) => r.processId)).toContain(taskId);
    expect((await info(taskId)).flowTaskInfo.completion).toBe(40);
  });
});

describe('委托发起 (entrust/index.vue:24-70, :384-433; myEntrust.vue:135-150; FlowBox.vue:817-819 delegateUserList)', () => {
  it('launches on behalf of the user who delegated the flow: his task, his approvers, the delegate shown and allowed to follow it', async () => {
    const flowId = await releasedFlow(s.t, s.token, 'monEntrust', node('start', 'start', { title: '发起人' }, approver('boss', { title: '主管审批', assigneeType: 1, managerLevel: 1 })));
    const now = Date.now();
    // 孙丽 delegates this flow to 王芳 (the server's FlowDelegate rules: in force now, one flow).
    const made = await call('sunli', 'POST', `${W}/FlowDelegate`, { toUserId: id('wangfang'), flowId, startTime: now - 60_000, endTime: now + 3_600_000, description: '出差' });
    expect(made.code).toBe(200);
    // 委托设置 / 委托给我的 (entrust/index.vue:265-272: myOrDelagateToMe is the tab).
    const dq = 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=';
    expect((await call('sunli', 'GET', `${W}/FlowDelegate?${dq}&myOrDelagateToMe=1`)).data.list.map((d: Json) => d.id)).toContain(made.data.id);
    expect((await call('wangfang', 'GET', `${W}/FlowDelegate?${dq}&myOrDelagateToMe=2`)).data.list).toEqual([expect.objectContaining({ id: made.data.id, userName: '孙丽/sunli', toUserId: id('wangfang'), flowId, startTime: expect.any(Number) })]);
    expect((await call('wangfang', 'GET', `${W}/FlowDelegate?${dq}&myOrDelagateToMe=1`)).data.list.map((d: Json) => d.id)).not.toContain(made.data.id);
    const flows = await call('wangfang', 'GET', `${W}/FlowDelegate/getflow?currentPage=1&pageSize=20&keyword=&category=&flowType=0`);
    expect(flows.data.list.map((f: Json) => f.id)).toContain(flowId);
    expect((await call('zhouqiang', 'GET', `${W}/FlowDelegate/getflow?currentPage=1&pageSize=20`)).data.list.map((f: Json) => f.id)).not.toContain(flowId);
    const users = await call('wangfang', 'GET', `${W}/FlowDelegate/userList?flowId=${flowId}`);
    expect(users.data.list).toEqual([expect.objectContaining({ id: id('sunli'), fullName: '孙丽/sunli', headIcon: expect.any(String), organize: expect.any(String) })]);
    // submitOrSave: Candidates(0, formData) then Create({ ...formData, delegateUserList }).
    const body = { formData: form, flowId, status: 0, flowUrgent: 1, delegateUserList: [id('sunli')] };
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/Candidates/0`, body)).data.type).toBe(3);
    expect(await call('zhouqiang', 'POST', `${W}/FlowTask`, { ...body, candidateType: 3 })).toMatchObject({ code: 403, msg: '所选发起人没有把该流程委托给您，或委托不在有效期内' });
    const launched = await call('wangfang', 'POST', `${W}/FlowTask`, { ...body, candidateType: 3 });
    expect(launched.code).toBe(200);
    const taskId = launched.data.id as string;
    const task = await s.t.app.db.selectFrom('flow_task').select(['creator_user_id', 'delegate_user_id', 'full_name']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ creator_user_id: id('sunli'), delegate_user_id: id('wangfang'), full_name: expect.stringContaining('孙丽') });
    // 孙丽's 我发起的 shows it with the 委托 tag; 王芳's 委托发起 tab (FlowLaunch delegateType=true) lists it.
    const q = 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=';
    expect((await call('sunli', 'GET', `${W}/FlowLaunch?${q}`)).data.list.find((r: Json) => r.id === taskId)).toMatchObject({ delegateUser: '王芳/wangfang', userName: '孙丽/sunli', status: 1 });
    expect((await call('wangfang', 'GET', `${W}/FlowLaunch?${q}&delegateType=true`)).data.list.map((r: Json) => r.id)).toEqual([taskId]);
    expect((await call('wangfang', 'GET', `${W}/FlowLaunch?${q}`)).data.list.map((r: Json) => r.id)).not.toContain(taskId);
    // The approver is 孙丽's manager (the launcher's), and the delegate may open the task (详情).
    const sunliManager = (await s.t.app.db.selectFrom('users').select('manager_id').where('id', '=', id('sunli')).executeTakeFirstOrThrow()).manager_id;
    const ops = await s.t.app.db.selectFrom('flow_task_operator').select('handle_id').where('task_id', '=', taskId).execute();
    expect(ops.map((o) => o.handle_id)).toEqual([sunliManager]);
    expect((await call('wangfang', 'GET', `${W}/FlowBefore/${taskId}`)).data.flowTaskInfo).toMatchObject({ id: taskId, status: 1 });

    // Candidates(0, formData with delegateUserList) looks ahead as the delegating launcher: a branch limited to 孙丽
    // (initiator) is hers, with approvers to pick.
    const split = node('empty', 'split', {});
    split.conditionType = 'condition';
    split.conditionNodes = [
      node('condition', 'hers', { title: '孙丽发起', priority: 1, initiator: [id('sunli')] }, approver('pk', { title: '品管', assigneeType: 7, approvers: [id('chenjing'), id('zhouqiang')] })),
      node('condition', 'other', { title: '其他', priority: 2, isDefault: true }, approver('gm', { title: '总经理', approvers: [id('huangwei')] })),
    ];
    const branchFlow = await releasedFlow(s.t, s.token, 'monEntrustBranch', node('start', 'start', { title: '发起人' }, split));
    await s.t.app.db.updateTable('flow_delegate').set({ flow_id: null }).where('id', '=', made.data.id).execute();
    const asHer = await call('wangfang', 'POST', `${W}/FlowBefore/Candidates/0`, { formData: form, flowId: branchFlow, status: 0, flowUrgent: 1, delegateUserList: [id('sunli')] });
    expect(asHer.data).toMatchObject({ type: 2, list: [expect.objectContaining({ nodeId: 'pk', isCandidates: true })] });
    expect((await call('wangfang', 'POST', `${W}/FlowBefore/Candidates/0`, { formData: form, flowId: branchFlow, status: 0, flowUrgent: 1 })).data.type).toBe(3);
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Candidates/0`, { formData: form, flowId: branchFlow, delegateUserList: [id('sunli')] })).code).toBe(403);
  });
});

describe('审批附件 (FlowBox.vue:150-153 审批附件, :973-990 handleApproval; RecordList.vue:36-42; RecordSummary.vue:69-71)', () => {
  it('keeps the files sent with 通过 and 退回 on their records, answered as JSON text in FlowBefore and RecordList', async () => {
    const flowId = await releasedFlow(s.t, s.token, 'monFiles', node('start', 'start', { title: '发起人', isSummary: true }, approver('a1', { title: '一审', approvers: [id('zhouqiang')] }, approver('a2', { title: '二审', approvers: [id('huangwei')], rejectStep: '1' }))));
    const taskId = await launch(flowId);
    const op = (await todo('zhouqiang')).find((r) => r.processId === taskId)?.id as string;
    const body = { handleOpinion: '见附件', id: taskId, formData: form, flowId, signImg: '', copyIds: '', branchList: [], candidateType: 3, rejectType: 1 };
    // Not an array of file objects: refused, nothing written.
    expect(await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${op}`, { ...body, fileList: 'not json' })).toMatchObject({ code: 400, msg: '附件格式不正确' });
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${op}`, { ...body, fileList: [1, 2] })).code).toBe(400);
    expect((await todo('zhouqiang')).map((r) => r.id)).toContain(op);
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${op}`, { ...body, fileList: files })).code).toBe(200);
    const gm = (await todo('huangwei')).find((r) => r.processId === taskId)?.id as string;
    const rejectFiles = [{ name: '差异说明.docx', fileId: 'f-2.docx', url: '/api/file/Download?f-2' }];
    expect((await call('huangwei', 'POST', `${W}/FlowBefore/Reject/${gm}`, { ...body, handleOpinion: '数量不符', fileList: JSON.stringify(rejectFiles), rejectStep: '' })).code).toBe(200);
    const records = (await call('lina', 'GET', `${W}/FlowBefore/${taskId}?flowId=${flowId}`)).data.flowTaskOperatorRecordList as Json[];
    const of = (status: number) => records.find((r) => r.handleStatus === status && r.status === 0) as Json;
    expect(JSON.parse(of(1).fileList)).toEqual(files);
    expect(JSON.parse(of(0).fileList)).toEqual(rejectFiles);
    expect(of(2).fileList).toBe('[]');
    const summary = (await call('lina', 'GET', `${W}/FlowBefore/RecordList/${taskId}?category=1&type=1`)).data as Json[];
    expect(summary.flatMap((g) => g.list.map((r: Json) => JSON.parse(r.fileList).map((f: Json) => f.name))).flat().sort()).toEqual(['差异说明.docx', '盘点表.xlsx']);
    // ActionDialog.vue's actions send { handleOpinion, signImg, fileList } too: 转审 and the launcher's 撤回 keep them.
    const second = await launch(flowId);
    const mine = (await todo('zhouqiang')).find((r) => r.processId === second)?.id as string;
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Transfer/${mine}`, { handleOpinion: '请王芳办', signImg: '', fileList: files, freeApproverUserId: id('wangfang') })).code).toBe(200);
    expect((await call('lina', 'PUT', `${W}/FlowLaunch/${second}/Actions/Withdraw`, { handleOpinion: '填错了', signImg: '', fileList: rejectFiles })).code).toBe(200);
    const later = (await call('lina', 'GET', `${W}/FlowBefore/${second}?flowId=${flowId}`)).data.flowTaskOperatorRecordList as Json[];
    expect(later.filter((r) => r.handleStatus === 7 || r.handleStatus === 3).map((r) => [r.handleStatus, JSON.parse(r.fileList)[0]?.name])).toEqual([[7, '盘点表.xlsx'], [3, '差异说明.docx']]);
  });
});
