import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * JNPF v3.4.7's launch-and-approve path after 发起流程 opens a flow's form (issue 22), with the requests its web client
 * sends and the members it reads. Citations are files and lines of the client's source (wuqingguang0816/Mnxhp, commit
 * de4cb9f0, `src/…`): FlowBox = views/workFlow/components/FlowBox.vue, api = api/workFlow/*.js. Calls carry
 * `jnpf-origin: pc` (utils/request.js:26). The flow: 李娜 launches; 采购主管 is picked by her among 周强 and 孙丽
 * (assigneeType 7), then 黄伟 (named, rejectStep 2: he chooses where a reject goes); 陈静 is CC'd at the launch.
 */
const s = signedInTestApp();
const jnpf = { 'jnpf-origin': 'pc' };
// biome-ignore lint/suspicious/noExplicitAny: answers are read member by member, as the client's JavaScript does.
type Json = Record<string, any>;
const tok: Record<string, string> = {};
const id = demoUserId;
let flowId = '';
const call = (who: string, method: string, url: string, payload?: unknown) => s.t.call(method as 'GET', url, { token: tok[who], headers: jnpf, ...(payload === undefined ? {} : { payload }) });
/** FlowBefore.js FlowBeforeInfo(id, { taskNodeId, taskOperatorId, flowId }) as FlowBox.vue:492 sends it (undefined members dropped). */
const beforeInfo = (who: string, taskId: string, q: Record<string, string | undefined>) =>
  call(who, 'GET', `${W}/FlowBefore/${taskId}?${new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined))}`);
/** flowTodo/index.vue:270-283: the to-do page's query, every filter sent empty. */
const todoQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({ currentPage: '1', pageSize: '20', sort: 'desc', sidx: '', keyword: '', startTime: '', endTime: '', templateId: '', flowId: '', flowUrgent: '', flowCategory: '', creatorUserId: '', ...extra });
const todoRow = async (who: string, extra: Record<string, string> = {}) => {
  const res = await call(who, 'GET', `${W}/FlowBefore/List/1?${todoQuery(extra)}`);
  expect(res.code).toBe(200);
  return res.data as { list: Json[]; pagination: Json };
};
const form = { title: '采购打印纸', amount: 800 };

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang', 'sunli', 'huangwei', 'chenjing', 'wangfang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  const tree = node('start', 'start', { title: '发起人', isCustomCopy: true }, approver('pick', { title: '采购主管', assigneeType: 7, approvers: [id('zhouqiang'), id('sunli')] }, approver('gm', { title: '总经理', approvers: [id('huangwei')], rejectStep: '2' })));
  flowId = await releasedFlow(s.t, s.token, 'jnpfApprove', tree);
});

describe('launch (FlowBox opType -1)', () => {
  it('opens the form, asks the launcher for approvers, pages them, saves a draft and submits with a CC', async () => {
    // FlowBox.vue:492-551: FlowBefore/0 with flowId; dynamicForm parses propertyJson; the Process preview needs nodeId.
    const before = await beforeInfo('lina', '0', { flowId });
    expect(before.code).toBe(200);
    expect(before.data.flowFormInfo).toMatchObject({ formType: 2, urlAddress: '' });
    expect(JSON.parse(before.data.flowFormInfo.propertyJson).fields.map((f: Json) => f.__config__.jnpfKey)).toEqual(['comInput', 'numInput', 'date', 'comInput']);
    expect(JSON.parse(before.data.flowTemplateInfo.flowTemplateJson)).toMatchObject({ nodeId: 'start', properties: { isCustomCopy: true } });
    expect(before.data).toMatchObject({ flowTemplateInfo: { fullName: '流程jnpfApprove' }, draftData: null, formData: {}, approversProperties: { isCustomCopy: true } });

    // FlowBox.vue:714-748 submitOrSave: Candidates(0, { formData, flowId, status, flowUrgent }) → type 2, the picked node.
    const body = { formData: form, flowId, status: 0, flowUrgent: 2 };
    const cand = await call('lina', 'POST', `${W}/FlowBefore/Candidates/0`, body);
    expect(cand.data.type).toBe(2);
    expect(cand.data.list.filter((o: Json) => o.isCandidates)).toEqual([expect.objectContaining({ nodeId: 'pick', nodeName: '采购主管', isBranchFlow: false, hasCandidates: true })]);
    // CandidateUserSelect.vue:263-277: CandidateUser(0, { keyword, currentPage, pageSize, ...body, nodeCode }) → list, pagination.total.
    const users = await call('lina', 'POST', `${W}/FlowBefore/CandidateUser/0`, { keyword: '', currentPage: 1, pageSize: 20, ...body, nodeCode: 'pick' });
    expect(users.code).toBe(200);
    expect(users.data.pagination.total).toBe(2);
    expect(users.data.list.map((u: Json) => u.id).sort()).toEqual([id('sunli'), id('zhouqiang')]);
    expect(users.data.list[0]).toMatchObject({ fullName: expect.any(String), headIcon: expect.any(String), organize: expect.any(String) });
    expect((await call('lina', 'POST', `${W}/FlowBefore/CandidateUser/0`, { keyword: '周强', currentPage: 1, pageSize: 20, ...body, nodeCode: 'pick' })).data.list.map((u: Json) => u.id)).toEqual([id('zhouqiang')]);

    // 暂存 (FlowBox.vue:703-713, :770-801): Create { formData, flowId, status: 1, flowUrgent, candidateType }; no Candidates call.
    const draft = await call('lina', 'POST', `${W}/FlowTask`, { formData: { title: '草稿' }, flowId, status: 1, flowUrgent: 1, candidateType: 1 });
    expect(draft.code).toBe(200);
    expect(Array.isArray(draft.data)).toBe(false);
    const opened = await beforeInfo('lina', draft.data.id, { flowId });
    // 我发起的 → 编辑 (flowLaunch/index.vue:336-345, opType -1 with the task's id): the start node's properties (CandidateForm's 抄送).
    expect(opened.data).toMatchObject({ formData: { title: '草稿' }, draftData: null, flowTaskInfo: { status: 0 }, approversProperties: { isCustomCopy: true }, formOperates: [] });

    // CandidateForm.vue:98-107 → handleRequest: Create with candidateList per node, branchList and copyIds as a comma list.
    const made = await call('lina', 'POST', `${W}/FlowTask`, { ...body, candidateList: { pick: [id('zhouqiang')] }, branchList: [], copyIds: id('chenjing'), candidateType: 2 });
    expect(made.code).toBe(200);
    expect(Array.isArray(made.data)).toBe(false);
    const cc = await call('chenjing', 'GET', `${W}/FlowBefore/List/3?${todoQuery()}`);
    expect(cc.data.list).toContainEqual(expect.objectContaining({ processId: made.data.id, taskNodeId: 'start' }));
    expect((await todoRow('sunli')).list.map((r) => r.processId)).not.toContain(made.data.id);
  });
});

describe('待办事宜 (views/workFlow/flowTodo/index.vue) → FlowBox opType 1', () => {
  it('lists the to-do with the members the table reads, opens it, approves, and the next approver rejects back to the launcher', async () => {
    const category = await s.t.app.db.selectFrom('dictionary_type').select('id').where('en_code', '=', 'WorkFlowCategory').executeTakeFirst();
    const typeId = category?.id ?? 'dict-wfc-approve';
    if (!category) await s.t.app.db.insertInto('dictionary_type').values({ id: typeId, parent_id: '-1', full_name: '流程分类', en_code: 'WorkFlowCategory', is_tree: 0, sort_code: 99, description: '' }).execute();
    await s.t.app.db.insertInto('dictionary_data').values({ id: 'dict-wfc-approve-purchase', dictionary_type_id: typeId, parent_id: '0', full_name: '采购类', en_code: 'purchase', sort_code: 1, enabled_mark: 1 }).execute();

    const page = await todoRow('zhouqiang');
    const row = page.list.find((r) => r.flowId === flowId && r.fullName !== '草稿');
    // flowTodo/index.vue:96-137: the table's columns; :292-303 toDetail reads processId, flowId, thisStepId, id.
    expect(row).toMatchObject({ id: expect.any(String), processId: expect.any(String), flowId, thisStepId: 'pick', flowName: '流程jnpfApprove', userName: '李娜/lina', thisStep: '采购主管', flowUrgent: 2, status: 1, delegateUser: null, startTime: expect.any(Number), creatorTime: expect.any(Number) });
    expect(page.pagination.total).toBeGreaterThanOrEqual(1);
    // The filters: 所属名称 (templateId, then flowId) and 分类 as the WorkFlowCategory item's id.
    expect((await todoRow('zhouqiang', { templateId: flowId })).list.map((r) => r.id)).toContain(row?.id);
    expect((await todoRow('zhouqiang', { flowCategory: 'dict-wfc-approve-purchase' })).list.map((r) => r.id)).toContain(row?.id);
    expect((await todoRow('zhouqiang', { templateId: 'other-flow' })).list).toEqual([]);
    const taskId = row?.processId as string;

    // FlowBox.vue:492 getBeforeInfo(FlowBeforeInfo(processId, { taskNodeId: thisStepId, taskOperatorId: id, flowId })).
    const info = (await beforeInfo('zhouqiang', taskId, { taskNodeId: row?.thisStepId, taskOperatorId: row?.id, flowId })).data;
    expect(info.flowFormInfo).toMatchObject({ formType: 2, enCode: 'jnpfApprove' });
    expect(JSON.parse(info.flowFormInfo.propertyJson).fields[0].__vModel__).toBe('title');
    expect(info.flowTemplateInfo).toMatchObject({ fullName: '流程jnpfApprove', type: expect.any(Number) });
    expect(JSON.parse(info.flowTemplateInfo.flowTemplateJson)).toMatchObject({ nodeId: 'start', properties: expect.any(Object) });
    expect(info.flowTaskInfo).toMatchObject({ fullName: expect.any(String), thisStep: '采购主管', flowUrgent: 2, completion: expect.any(Number), status: 1 });
    expect(info.formData).toEqual(form);
    expect(info.draftData).toBeNull();
    // :518-536 colours the tree from flowTaskNodeList (nodeCode, type 0 passed / 1 current, nodeType, userName).
    expect(info.flowTaskNodeList).toEqual(expect.arrayContaining([expect.objectContaining({ nodeCode: 'start', nodeType: 'start', type: '0' }), expect.objectContaining({ nodeCode: 'pick', nodeType: 'approver', type: '1', userName: '周强/zhouqiang' })]));
    // RecordList.vue:12-44: nodeName, userName, creatorTime, handleTime, handleStatus, signImg, JSON.parse(fileList), handleOpinion.
    for (const r of info.flowTaskOperatorRecordList) {
      expect(r).toMatchObject({ nodeName: expect.any(String), userName: expect.any(String), handleStatus: expect.any(Number), handleTime: expect.any(Number), creatorTime: expect.any(Number) });
      expect(JSON.parse(r.fileList)).toEqual([]);
    }
    // :50-52, :556-567: 通过 shows on hasAuditBtn, 退回/转审 from the switches JNPF's designer saves by default.
    expect(info.approversProperties).toMatchObject({ hasAuditBtn: true, hasRejectBtn: true, hasTransferBtn: true, hasOpinion: true, title: '采购主管' });
    expect(info.formOperates).toEqual([]);
    // 暂存 (FlowBox.vue saveAudit, on hasSaveBtn): SaveAudit(taskOperatorId, { id, formData, flowId }) → draftData for his to-do only.
    const kept = { ...form, title: '采购打印纸（待核）' };
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/SaveAudit/${row?.id}`, { id: taskId, formData: kept, flowId })).code).toBe(200);
    expect((await beforeInfo('zhouqiang', taskId, { taskNodeId: row?.thisStepId, taskOperatorId: row?.id, flowId })).data).toMatchObject({ draftData: kept, formData: form });
    expect((await beforeInfo('lina', taskId, { flowId })).data.draftData).toBeNull();
    expect((await call('sunli', 'POST', `${W}/FlowBefore/SaveAudit/${row?.id}`, { id: taskId, formData: kept, flowId })).code).toBe(404);

    // :598-650 audit: Candidates(taskOperatorId, dynamicForm's { id, formData, flowId }) → type 3; then Audit with the dialog's body.
    const next = await call('zhouqiang', 'POST', `${W}/FlowBefore/Candidates/${row?.id}`, { id: taskId, formData: form, flowId });
    expect(next.data).toEqual({ type: 3, list: [] });
    const audit = { handleOpinion: '同意', fileList: [], id: taskId, formData: form, flowId, signImg: '', copyIds: '', branchList: [], candidateType: 3, rejectType: 1 };
    const agreed = await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${row?.id}`, audit);
    expect(agreed.code).toBe(200);
    expect(Array.isArray(agreed.data)).toBe(false);
    expect((await todoRow('zhouqiang')).list.map((r) => r.processId)).not.toContain(taskId);

    // 已办 (flowDone/index.vue:108-114, :258-272): `status` is what he did; FlowBox opType 2 opens with the record as
    // taskOperatorId and offers 撤回 on hasRevokeBtn (FlowBox.vue:57-58).
    const done = (await call('zhouqiang', 'GET', `${W}/FlowBefore/List/2?${todoQuery()}`)).data.list.find((r: Json) => r.processId === taskId);
    expect(done).toMatchObject({ status: 1, flowId, thisStepId: 'gm', thisStep: '总经理' });
    expect((await s.t.call('GET', `${W}/FlowBefore/List/2`, { token: tok.zhouqiang })).data.list.find((r: Json) => r.processId === taskId)).toMatchObject({ status: 1, handleStatus: 1 });
    const doneInfo = (await beforeInfo('zhouqiang', taskId, { taskNodeId: done.thisStepId, taskOperatorId: done.id, flowId })).data;
    expect(doneInfo.approversProperties).toMatchObject({ hasRevokeBtn: true, title: '采购主管' });
    // ActionDialog.vue's body → Recall(record id): back in his to-dos, and he agrees again.
    const recalled = await call('zhouqiang', 'POST', `${W}/FlowBefore/Recall/${done.id}`, { handleOpinion: '再看看', freeApproverUserId: '', nodeCode: '', fileList: [], signImg: '' });
    expect(recalled.code).toBe(200);
    const reopened = (await todoRow('zhouqiang')).list.find((r) => r.processId === taskId);
    expect(reopened).toMatchObject({ thisStepId: 'pick' });
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${reopened?.id}`, audit)).code).toBe(200);

    // 黄伟: 退回 calls RejectList(taskOperatorId) first (:640-656) → isLastAppro and the nodes; rejectStep 2 lets him choose.
    const gm = (await todoRow('huangwei')).list.find((r) => r.processId === taskId);
    expect(gm).toMatchObject({ thisStepId: 'gm', thisStep: '总经理' });
    const gmInfo = (await beforeInfo('huangwei', taskId, { taskNodeId: gm?.thisStepId, taskOperatorId: gm?.id, flowId })).data;
    expect(gmInfo.approversProperties).toMatchObject({ rejectStep: '2', rejectType: 1 });
    const rejectList = await call('huangwei', 'GET', `${W}/FlowBefore/RejectList/${gm?.id}`);
    expect(rejectList.data).toEqual({ isLastAppro: true, list: [{ nodeCode: 'start', nodeName: '发起人' }, { nodeCode: 'pick', nodeName: '采购主管' }] });
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/RejectList/${gm?.id}`)).code).toBe(404);
    // :973-1000 handleApproval for reject: eventReceiver({}, 'reject') so no formData; rejectStep the chosen nodeCode.
    const rejected = await call('huangwei', 'POST', `${W}/FlowBefore/Reject/${gm?.id}`, { handleOpinion: '预算不足', fileList: [], flowId, id: taskId, signImg: '', copyIds: '', branchList: [], candidateType: 3, rejectType: 1, rejectStep: 'start' });
    expect(rejected.code).toBe(200);
    const back = (await beforeInfo('lina', taskId, { flowId })).data;
    expect(back.flowTaskInfo.status).toBe(3);
    expect(back.flowTaskOperatorRecordList.filter((r: Json) => r.status === 0).map((r: Json) => `${r.nodeName}:${r.handleStatus}:${r.handleOpinion ?? ''}`)).toEqual(['发起人:2:', '采购主管:3:再看看', '采购主管:1:同意', '总经理:0:预算不足']);

    // The launcher resubmits from 我发起的 (FlowBox opType -1 with the task's id → Update = PUT FlowTask/{id}).
    const again = await call('lina', 'PUT', `${W}/FlowTask/${taskId}`, { id: taskId, formData: { ...form, amount: 600 }, flowId, status: 0, flowUrgent: 2, candidateList: { pick: [id('sunli')] }, branchList: [], copyIds: '', candidateType: 2 });
    expect(again.code).toBe(200);
    expect((await todoRow('sunli')).list).toContainEqual(expect.objectContaining({ processId: taskId, thisStepId: 'pick' }));
    // 审批汇总 (RecordSummary.vue: getRecordList(id, { category 1 department | 3 position, type summaryType })).
    const byDept = (await call('lina', 'GET', `${W}/FlowBefore/RecordList/${taskId}?category=1&type=0`)).data as Json[];
    const all = byDept.flatMap((g) => g.list.map((r: Json) => `${g.fullName ? 'dept' : ''}:${r.userName}:${r.handleStatus}`));
    expect(all).toEqual(expect.arrayContaining(['dept:李娜/lina:2', 'dept:周强/zhouqiang:3', 'dept:周强/zhouqiang:1', 'dept:黄伟/huangwei:0']));
    expect(byDept[0].list[0]).toMatchObject({ headIcon: expect.any(String), handleTime: expect.any(Number), fileList: '[]' });
    const passRejects = (await call('lina', 'GET', `${W}/FlowBefore/RecordList/${taskId}?category=3&type=1`)).data as Json[];
    expect(passRejects.flatMap((g) => g.list.map((r: Json) => r.handleStatus)).sort()).toEqual([0, 1]);
    // 流程评论 (Comment.vue, on isComment): the task's readers comment; only the author deletes; others are refused.
    const said = await call('huangwei', 'POST', `${W}/FlowComment`, { text: '价格请再比一家', file: '[]', image: '[]', taskId });
    expect(said.code).toBe(200);
    const comments = (await call('lina', 'GET', `${W}/FlowComment?${new URLSearchParams({ currentPage: '1', pageSize: '20', sort: 'desc', sidx: '', taskId })}`)).data;
    expect(comments.list).toEqual([expect.objectContaining({ id: said.data.id, text: '价格请再比一家', creatorUser: '黄伟/huangwei', creatorUserHeadIcon: expect.any(String), creatorTime: expect.any(Number), file: '[]', image: '[]', isDel: false })]);
    expect(comments.pagination.total).toBe(1);
    expect((await call('wangfang', 'POST', `${W}/FlowComment`, { text: '路过', taskId })).code).toBe(403);
    expect((await call('lina', 'DELETE', `${W}/FlowComment/${said.data.id}`)).code).toBe(404);
    expect((await call('huangwei', 'DELETE', `${W}/FlowComment/${said.data.id}`)).code).toBe(200);
    // 我发起的 (flowLaunch/index.vue:288-305 query, :96-140 columns, :336-345 toDetail): the category filter by item id too.
    const mine = await call('lina', 'GET', `${W}/FlowLaunch?${new URLSearchParams({ currentPage: '1', pageSize: '20', sort: 'desc', sidx: '', keyword: '', startTime: '', endTime: '', templateId: flowId, flowId: '', status: '', flowUrgent: '', flowCategory: 'dict-wfc-approve-purchase' })}`);
    expect(mine.data.list.find((r: Json) => r.id === taskId)).toMatchObject({ flowId, fullName: expect.any(String), flowName: '流程jnpfApprove', startTime: expect.any(Number), thisStep: '采购主管', flowUrgent: 2, status: 1, completion: expect.any(Number), parentId: '0' });
    expect((await call('lina', 'GET', `${W}/FlowLaunch?flowCategory=other`)).data.list.map((r: Json) => r.id)).not.toContain(taskId);
    await s.t.app.db.deleteFrom('dictionary_data').where('id', '=', 'dict-wfc-approve-purchase').execute();
  });
});

describe('异常处理 (FlowBox.vue:779-784 and ErrorForm.vue): a node without approvers under the start node’s errorRule 3', () => {
  it('answers JNPF’s client the nodes to name approvers for, writes nothing, and launches once it sends errorRuleUserList', async () => {
    // The approver is the user named in the form's 负责人 (owner), which the request leaves empty.
    const tree = node('start', 'start', { title: '发起人', errorRule: 3 }, approver('nobody', { title: '质检', assigneeType: 4, formField: 'owner', formFieldType: 1 }));
    const errFlow = await releasedFlow(s.t, s.token, 'jnpfErrorRule', tree);
    const tasks = async () => (await s.t.app.db.selectFrom('flow_task').select('id').where('flow_id', '=', errFlow).execute()).length;
    const body = { formData: form, flowId: errFlow, status: 0, flowUrgent: 1, candidateType: 3 };
    const first = await call('lina', 'POST', `${W}/FlowTask`, body);
    expect(first).toMatchObject({ code: 200, data: [{ nodeId: 'nobody', nodeName: '质检' }] });
    expect(await tasks()).toBe(0);
    // Our own client (no jnpf-origin header) keeps the refusal.
    expect(await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: body })).toMatchObject({ code: 400, data: { type: 3, nodeId: 'nobody' } });
    // ErrorForm.vue submit → handleError: formData.errorRuleUserList = { nodeId: userIds } and Create again.
    const made = await call('lina', 'POST', `${W}/FlowTask`, { ...body, errorRuleUserList: { nobody: [id('chenjing')] } });
    expect(made.code).toBe(200);
    expect(Array.isArray(made.data)).toBe(false);
    expect((await todoRow('chenjing')).list).toContainEqual(expect.objectContaining({ processId: made.data.id, thisStepId: 'nobody' }));
  });
});

describe('分支选择 with candidates (FlowBox.vue:656-672 onBranchChange, CandidateForm.vue:98-107)', () => {
  it('marks the branch whose approvers are picked, pages them by the branch id and takes them keyed by it', async () => {
    const head = approver('first', { title: '初审', approvers: [id('zhouqiang')] });
    head.conditionType = 'branchFlow';
    head.conditionNodes = [
      node('condition', 'toQc', { title: '转品管' }, approver('qc', { title: '品管', assigneeType: 7, approvers: [id('chenjing'), id('sunli')] })),
      node('condition', 'toWh', { title: '转仓储' }, approver('wh', { title: '仓储', approvers: [id('huangwei')] })),
    ];
    const branchFlow = await releasedFlow(s.t, s.token, 'jnpfBranch', node('start', 'start', { title: '发起人' }, head));
    const made = await call('lina', 'POST', `${W}/FlowTask`, { formData: form, flowId: branchFlow, status: 0, flowUrgent: 1, candidateType: 3 });
    const op = (await todoRow('zhouqiang')).list.find((r) => r.processId === made.data.id)?.id as string;
    const body = { id: made.data.id, formData: form, flowId: branchFlow };
    const cand = await call('zhouqiang', 'POST', `${W}/FlowBefore/Candidates/${op}`, body);
    expect(cand.data).toEqual({
      type: 1,
      list: [
        { nodeId: 'toQc', nodeName: '转品管', isBranchFlow: true, isCandidates: true, hasCandidates: true },
        { nodeId: 'toWh', nodeName: '转仓储', isBranchFlow: true, isCandidates: false, hasCandidates: false },
      ],
    });
    // CandidateUserSelect pages the users of the chosen branch's node with nodeCode = the branch's nodeId.
    const users = await call('zhouqiang', 'POST', `${W}/FlowBefore/CandidateUser/${op}`, { keyword: '', currentPage: 1, pageSize: 20, ...body, nodeCode: 'toQc' });
    expect(users.data.list.map((u: Json) => u.id).sort()).toEqual([id('chenjing'), id('sunli')]);
    // handleApproval: branchList and candidateList { branch nodeId: userIds }.
    const agreed = await call('zhouqiang', 'POST', `${W}/FlowBefore/Audit/${op}`, { handleOpinion: '', fileList: [], ...body, signImg: '', copyIds: '', branchList: ['toQc'], candidateList: { toQc: [id('sunli')] }, candidateType: 1, rejectType: 1 });
    expect(agreed.code).toBe(200);
    expect((await todoRow('sunli')).list).toContainEqual(expect.objectContaining({ processId: made.data.id, thisStepId: 'qc' }));
    expect((await todoRow('chenjing')).list.map((r) => r.processId)).not.toContain(made.data.id);
  });
});

describe('Candidates type 1 with a picked-approver node beside the branches (FlowBox.vue:827-829 launch, :732-745 approve)', () => {
  it('lists the parallel path’s node to pick approvers for after the branches, and launches with both', async () => {
    // start → parallel: 并行一 → 品管 (picked among 陈静, 孙丽) | 并行二 → the launcher picks 走A (王芳) or 走B (黄伟).
    const pick = node('empty', 'bf', {});
    pick.conditionType = 'branchFlow';
    pick.conditionNodes = [node('condition', 'toA', { title: '走A' }, approver('A', { title: 'A审', approvers: [id('wangfang')] })), node('condition', 'toB', { title: '走B' }, approver('B', { title: 'B审', approvers: [id('huangwei')] }))];
    const start = node('start', 'start', { title: '发起人' });
    start.conditionType = 'interflow';
    start.conditionNodes = [node('condition', 'p1', { title: '并行一' }, approver('pk', { title: '品管', assigneeType: 7, approvers: [id('chenjing'), id('sunli')] })), node('condition', 'p2', { title: '并行二' }, pick)];
    const parFlow = await releasedFlow(s.t, s.token, 'jnpfParPick', start);
    const body = { formData: form, flowId: parFlow, status: 0, flowUrgent: 1 };
    const cand = await call('lina', 'POST', `${W}/FlowBefore/Candidates/0`, body);
    expect(cand.data.type).toBe(1);
    // branchList = isBranchFlow; candidateList = !isBranchFlow && isCandidates (asked whatever branch is chosen).
    expect(cand.data.list.filter((o: Json) => o.isBranchFlow).map((o: Json) => o.nodeId)).toEqual(['toA', 'toB']);
    expect(cand.data.list.filter((o: Json) => !o.isBranchFlow && o.isCandidates)).toEqual([expect.objectContaining({ nodeId: 'pk', nodeName: '品管', hasCandidates: true })]);
    const users = await call('lina', 'POST', `${W}/FlowBefore/CandidateUser/0`, { keyword: '', currentPage: 1, pageSize: 20, ...body, nodeCode: 'pk' });
    expect(users.data.list.map((u: Json) => u.id).sort()).toEqual([id('chenjing'), id('sunli')]);
    const made = await call('lina', 'POST', `${W}/FlowTask`, { ...body, branchList: ['toA'], candidateList: { pk: [id('sunli')] }, copyIds: '', candidateType: 1 });
    expect(made.code).toBe(200);
    expect((await todoRow('sunli')).list).toContainEqual(expect.objectContaining({ processId: made.data.id, thisStepId: expect.stringContaining('pk') }));
    expect((await todoRow('wangfang')).list.map((r) => r.processId)).toContain(made.data.id);
    expect((await todoRow('huangwei')).list.map((r) => r.processId)).not.toContain(made.data.id);
  });
});

describe('批量审批 (views/workFlow/flowTodo/BatchList.vue; api/workFlow/FlowBefore.js)', () => {
  it('lists the to-dos with version and node switches, offers flows and nodes, and agrees, rejects and transfers in one go', async () => {
    const batchFlow = await releasedFlow(s.t, s.token, 'jnpfBatch', node('start', 'start', { title: '发起人' }, approver('a1', { title: '一审', approvers: [id('zhouqiang')] }, approver('a2', { title: '二审', approvers: [id('huangwei')] }))));
    const taskIds: string[] = [];
    for (const title of ['批量一', '批量二']) taskIds.push((await call('lina', 'POST', `${W}/FlowTask`, { formData: { title }, flowId: batchFlow, status: 0, flowUrgent: 1, candidateType: 3 })).data.id);
    // BatchList.vue reset(): its listQuery with every filter empty, then the selectors.
    const q = (extra: Record<string, string> = {}) => new URLSearchParams({ keyword: '', templateId: '', flowId: '', nodeCode: '', flowCategory: '', creatorUserId: '', startTime: '', endTime: '', currentPage: '1', pageSize: '20', sort: 'desc', sidx: '', ...extra });
    const rows = (await call('zhouqiang', 'GET', `${W}/FlowBefore/List/4?${q({ templateId: batchFlow, flowId: batchFlow, nodeCode: 'a1' })}`)).data.list as Json[];
    expect(rows.map((r) => r.processId).sort()).toEqual([...taskIds].sort());
    expect(rows[0]).toMatchObject({ flowVersion: '1', flowName: '流程jnpfBatch', thisStep: '一审', userName: '李娜/lina', status: 1, creatorTime: expect.any(Number) });
    expect(JSON.parse(rows[0].approversProperties)).toMatchObject({ hasAuditBtn: true, hasRejectBtn: true, hasTransferBtn: true, title: '一审' });
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/List/4?${q({ nodeCode: 'a2' })}`)).data.list).toEqual([]);
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/BatchFlowSelector`)).data).toContainEqual({ id: batchFlow, fullName: '流程jnpfBatch' });
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/BatchFlowJsonList/${batchFlow}`)).data).toEqual([{ id: batchFlow, fullName: '流程jnpfBatch' }]);
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/NodeSelector/${batchFlow}`)).data).toEqual([{ id: 'a1', fullName: '一审' }]);
    expect((await call('zhouqiang', 'GET', `${W}/FlowBefore/BatchCandidate?flowId=${batchFlow}&taskOperatorId=${rows[0].id}`)).data).toEqual({ type: 3, list: [] });
    const ids = rows.map((r) => r.id);
    // batchOperation(): { ...the dialog's data, enCode, batchType 0 通过 | 1 退回 | 2 转审, candidateType, ids }.
    const agreed = await call('zhouqiang', 'POST', `${W}/FlowBefore/BatchOperation`, { branchList: [], copyIds: '', freeApproverUserId: '', handleOpinion: '批量同意', signImg: '', enCode: rows[0].flowCode, batchType: 0, candidateType: 3, ids });
    expect(agreed).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await call('zhouqiang', 'POST', `${W}/FlowBefore/BatchOperation`, { batchType: 0, ids: ['no-such-todo'] })).code).toBe(404);
    const gmRows = (await call('huangwei', 'GET', `${W}/FlowBefore/List/4?${q({ nodeCode: 'a2' })}`)).data.list as Json[];
    expect(gmRows.map((r) => r.processId).sort()).toEqual([...taskIds].sort());
    const back = await call('huangwei', 'POST', `${W}/FlowBefore/BatchOperation`, { handleOpinion: '重审', signImg: '', rejectStep: 'a1', branchList: [], enCode: gmRows[0].flowCode, batchType: 1, candidateType: 3, ids: gmRows.map((r) => r.id) });
    expect(back).toMatchObject({ code: 200, data: { count: 2 } });
    const again = (await call('zhouqiang', 'GET', `${W}/FlowBefore/List/4?${q({ flowId: batchFlow })}`)).data.list as Json[];
    expect(again).toHaveLength(2);
    const moved = await call('zhouqiang', 'POST', `${W}/FlowBefore/BatchOperation`, { handleOpinion: '请孙丽办', freeApproverUserId: id('sunli'), nodeCode: '', fileList: [], signImg: '', batchType: 2, candidateType: 1, ids: again.map((r) => r.id) });
    expect(moved).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await call('sunli', 'GET', `${W}/FlowBefore/List/4?${q({ flowId: batchFlow })}`)).data.list.map((r: Json) => r.processId).sort()).toEqual([...taskIds].sort());
  });
});

describe('子流程 in 流程信息 (FlowBox.vue:415-428 subFlow, :575-610 subFlowInfo)', () => {
  it('answers the child tasks a subflow node launched, each as FlowBefore answers a task', async () => {
    const child = await releasedFlow(s.t, s.token, 'jnpfChild', node('start', 'start', { title: '发起人' }, approver('verify', { title: '核对', approvers: [id('wangfang')] })));
    const parent = await releasedFlow(s.t, s.token, 'jnpfParent', node('start', 'start', { title: '发起人' }, node('subFlow', 'check', { title: '部门核对', flowId: child, initiateType: 6, initiator: [id('zhouqiang')], assignList: [] }, approver('final', { title: '仓储确认', approvers: [id('huangwei')] }))));
    const taskId = (await call('lina', 'POST', `${W}/FlowTask`, { formData: form, flowId: parent, status: 0, flowUrgent: 1, candidateType: 3 })).data.id;
    const sub = (await beforeInfo('lina', taskId, { flowId: parent })).data.flowTaskNodeList.find((n: Json) => n.nodeCode === 'check');
    expect(sub).toMatchObject({ nodeType: 'subFlow', type: '1', id: expect.any(String) });
    const info = await call('lina', 'GET', `${W}/FlowBefore/SubFlowInfo/${sub.id}`);
    expect(info.data).toHaveLength(1);
    expect(info.data[0].flowTaskInfo).toMatchObject({ fullName: expect.stringContaining('流程jnpfChild'), flowUrgent: 1 });
    expect(JSON.parse(info.data[0].flowTaskInfo.flowTemplateJson).properties).toEqual(expect.any(Object));
    expect(JSON.parse(info.data[0].flowTemplateInfo.flowTemplateJson)).toMatchObject({ nodeId: 'start' });
    expect(info.data[0].flowTaskNodeList).toContainEqual(expect.objectContaining({ nodeCode: 'verify', type: '1' }));
    expect((await call('sunli', 'GET', `${W}/FlowBefore/SubFlowInfo/${sub.id}`)).code).toBe(403);
  });
});
