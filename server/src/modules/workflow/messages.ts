import type { Lang } from '../../i18n';
import { translate } from '../../i18n';
import { failWith, type MessageTable } from '../dictionary/localized-error';
import type { FlowIssue } from './engine/compile';

/** Refusals of the workflow module (issue 15), in the request's language (zh, en, mas; tw derived from zh). */
type Key =
  | 'flowNotFound'
  | 'taskNotFound'
  | 'fullNameRequired'
  | 'enCodeRequired'
  | 'enCodeTaken'
  | 'badTemplate'
  | 'flowInvalid'
  | 'flowStopped'
  | 'flowNotVisible'
  | 'flowInUse'
  | 'formNotFound'
  | 'noAccess'
  | 'notAdmin'
  | 'busy'
  | 'badDelegate'
  | 'delegateNotFound'
  | 'notOperator'
  | 'alreadyHandled'
  | 'taskNotRunning'
  | 'notLauncher'
  | 'alreadySubmitted'
  | 'noApprover'
  | 'needErrorRuleUsers'
  | 'needBranch'
  | 'noBranch'
  | 'needRejectStep'
  | 'badRejectStep'
  | 'cannotRecall'
  | 'nextHandled'
  | 'badTarget'
  | 'signRequired'
  | 'badSign'
  | 'noAddSigner'
  | 'noCustomCopy'
  | 'nodeNotRunning'
  | 'notAdopted'
  | 'subFlowUnAudit'
  | 'taskSuspended'
  | 'cannotSuspend'
  | 'notSuspended'
  | 'suspendedByParent'
  | 'cannotChange'
  | 'cannotResurrect'
  | 'badChangeNode'
  | 'badFileList'
  | 'notDelegated'
  | 'flowBroken'
  | 'subFlowUnsupported'
  | 'subFlowLoop'
  | 'issueSubFlowNotReleased'
  | 'notDeletable'
  | 'issueNoStart'
  | 'issueBadNode'
  | 'issueTooLarge'
  | 'issueCycle'
  | 'issueBadType'
  | 'issueNoDefault'
  | 'issueEmptyCondition'
  | 'issueFormula'
  | 'issueUnknownField'
  | 'issueSymbol'
  | 'issueSubFlow'
  | 'issueTimer'
  | 'issueAssigneeType'
  | 'issueNobody'
  | 'issueManagerLevel'
  | 'issueUserUrl'
  | 'issueCounterSign'
  | 'issueRatio'
  | 'issueRejectStep'
  | 'issueErrorRuleUser'
  | 'issueAt';

const table: MessageTable<Key> = {
  zh: {
    flowNotFound: '流程不存在',
    taskNotFound: '流程信息不存在',
    fullNameRequired: '流程名称不能为空',
    enCodeRequired: '流程编码不能为空',
    enCodeTaken: '流程编码已存在',
    badTemplate: '流程设计数据格式不正确',
    flowInvalid: '流程设计有误：{detail}',
    flowStopped: '流程未发布或已停用',
    flowNotVisible: '您没有发起该流程的权限',
    flowInUse: '该流程还有进行中的任务，不能删除',
    formNotFound: '流程绑定的表单不存在',
    noAccess: '您无权查看该流程',
    notAdmin: '只有管理员可以执行该操作',
    busy: '该流程正在被其他人处理，请刷新后重试',
    badDelegate: '委托设置有误：{detail}',
    delegateNotFound: '委托不存在',
    notOperator: '您不是当前节点的审批人',
    alreadyHandled: '该节点您已处理过',
    taskNotRunning: '流程不在审批中',
    notLauncher: '只有发起人可以执行该操作',
    alreadySubmitted: '流程已提交，不能重复提交',
    noApprover: '节点「{name}」找不到审批人',
    needErrorRuleUsers: '节点「{name}」找不到审批人，请选择审批人',
    needBranch: '请选择「{name}」之后的分支',
    noBranch: '「{name}」没有符合条件的分支',
    needRejectStep: '请选择退回的节点',
    badRejectStep: '只能退回到已经审批过的节点',
    cannotRecall: '当前记录不能撤回',
    nextHandled: '下一节点已处理，不能撤回',
    badTarget: '所选人员无效（不能是自己、已停用或已在本节点）',
    signRequired: '该节点需要手写签名，请先签名',
    badSign: '签名图片格式不正确',
    noAddSigner: '该节点不允许加签',
    noCustomCopy: '该节点不允许审批人选择抄送人',
    nodeNotRunning: '该节点不在审批中',
    notAdopted: '只有审核通过的流程可以反审核',
    subFlowUnAudit: '子流程不能单独反审核，请反审核它的上级流程',
    taskSuspended: '流程已被挂起，恢复后才能办理',
    cannotSuspend: '只有审批中的流程可以挂起',
    notSuspended: '流程未被挂起，不能恢复',
    suspendedByParent: '该流程随上级流程一起挂起，请恢复上级流程',
    cannotChange: '只有审批中或被退回的流程可以变更',
    cannotResurrect: '只有已结束或被退回的流程可以复活',
    badChangeNode: '请选择流程中的审批节点',
    badFileList: '附件格式不正确',
    notDelegated: '所选发起人没有把该流程委托给您，或委托不在有效期内',
    flowBroken: '流程快照已损坏',
    subFlowUnsupported: '暂不支持子流程节点「{name}」',
    subFlowLoop: '子流程不能发起它的上级流程',
    issueSubFlowNotReleased: '子流程未发布或已停用',
    notDeletable: '只有草稿、已撤回或被退回的流程可以删除',
    issueNoStart: '流程必须以开始节点为根',
    issueBadNode: '节点数据格式不正确',
    issueTooLarge: '流程节点过多（最多 {max} 个）',
    issueCycle: '节点编号重复，流程存在循环',
    issueBadType: '未知的节点类型 {type}',
    issueNoDefault: '条件分支必须有且只有一个默认分支',
    issueEmptyCondition: '条件分支没有设置条件',
    issueFormula: '不支持公式条件',
    issueUnknownField: '条件字段 {field} 在表单中不存在',
    issueSymbol: '不支持的比较符 {symbol}',
    issueSubFlow: '子流程节点未选择流程',
    issueTimer: '定时器必须设置时长',
    issueAssigneeType: '不支持的审批人类型 {type}',
    issueNobody: '审批人为空，且开始节点未设置找不到审批人时的处理方式',
    issueManagerLevel: '主管级别必须在 1–10 之间',
    issueUserUrl: '接口审批人须填写 http 或 https 开头的接口地址',
    issueCounterSign: '审批方式不正确',
    issueRatio: '会签比例必须在 1–100% 之间',
    issueRejectStep: '退回节点 {step} 不存在',
    issueErrorRuleUser: '未设置找不到审批人时的指定人员',
    issueAt: '节点「{name}」({nodeId})：{problem}',
  },
  en: {
    flowNotFound: 'No such flow',
    taskNotFound: 'No such flow task',
    fullNameRequired: 'The flow name cannot be empty',
    enCodeRequired: 'The flow code cannot be empty',
    enCodeTaken: 'The flow code is taken',
    badTemplate: 'The flow design is not valid JSON',
    flowInvalid: 'The flow design is wrong: {detail}',
    flowStopped: 'The flow is not released or is stopped',
    flowNotVisible: 'You may not launch this flow',
    flowInUse: 'The flow has running tasks and cannot be deleted',
    formNotFound: 'The form bound to the flow does not exist',
    noAccess: 'You may not view this flow task',
    notAdmin: 'Only an administrator may do this',
    busy: 'Someone else is handling this task; refresh and try again',
    badDelegate: 'Wrong delegation: {detail}',
    delegateNotFound: 'No such delegation',
    notOperator: 'You are not an approver of the current node',
    alreadyHandled: 'You have already handled this node',
    taskNotRunning: 'The task is not in approval',
    notLauncher: 'Only the launcher may do this',
    alreadySubmitted: 'The task was already submitted',
    noApprover: 'Node "{name}" has no approver',
    needErrorRuleUsers: 'Node "{name}" has no approver; choose one',
    needBranch: 'Choose the branches after "{name}"',
    noBranch: 'No branch of "{name}" matches',
    needRejectStep: 'Choose the node to send back to',
    badRejectStep: 'You can only send back to a node already approved',
    cannotRecall: 'This record cannot be recalled',
    nextHandled: 'The next node was already handled; it cannot be recalled',
    badTarget: 'The chosen user is not valid (yourself, disabled, or already on this node)',
    signRequired: 'This step requires your signature: please sign first',
    badSign: 'The signature image is not valid',
    noAddSigner: 'This step does not allow adding a signer',
    noCustomCopy: 'This step does not let the approver choose who is copied',
    nodeNotRunning: 'The node is not in approval',
    notAdopted: 'Only an approved task can be un-audited',
    subFlowUnAudit: 'A subflow task cannot be un-audited on its own; un-audit the flow above it',
    taskSuspended: 'The task is suspended; it can be handled once it is restored',
    cannotSuspend: 'Only a task in approval can be suspended',
    notSuspended: 'The task is not suspended, so it cannot be restored',
    suspendedByParent: 'This task was suspended with the flow above it; restore that flow',
    cannotChange: 'Only a task in approval or sent back can be changed',
    cannotResurrect: 'Only an ended or sent-back task can be revived',
    badChangeNode: 'Choose an approver node of the flow',
    badFileList: 'The attachments are not valid',
    notDelegated: 'The chosen launcher has not delegated this flow to you, or the delegation is not in force',
    flowBroken: 'The flow snapshot is broken',
    subFlowUnsupported: 'Subflow node "{name}" is not supported yet',
    subFlowLoop: 'A subflow cannot launch a flow above it',
    issueSubFlowNotReleased: 'The subflow is not released or is stopped',
    notDeletable: 'Only drafts, withdrawn or rejected tasks can be deleted',
    issueNoStart: 'The flow must have a start node as its root',
    issueBadNode: 'A node is malformed',
    issueTooLarge: 'Too many nodes (at most {max})',
    issueCycle: 'A node id repeats: the flow has a cycle',
    issueBadType: 'Unknown node type {type}',
    issueNoDefault: 'A condition group needs exactly one default branch',
    issueEmptyCondition: 'The branch has no condition',
    issueFormula: 'Formula conditions are not supported',
    issueUnknownField: 'Field {field} is not in the form',
    issueSymbol: 'Unknown operator {symbol}',
    issueSubFlow: 'The subflow node names no flow',
    issueTimer: 'The timer needs a duration',
    issueAssigneeType: 'Unknown approver type {type}',
    issueNobody: 'The node resolves to nobody and the start node sets no rule for that case',
    issueManagerLevel: 'The manager level must be 1–10',
    issueUserUrl: 'Approvers from an interface need an http or https address',
    issueCounterSign: 'Wrong approval mode',
    issueRatio: 'The countersign ratio must be 1–100 %',
    issueRejectStep: 'Send-back node {step} does not exist',
    issueErrorRuleUser: 'No user is set for approver-less nodes',
    issueAt: 'Node "{name}" ({nodeId}): {problem}',
  },
};

/** A 400/403/404/409 refusal of the workflow routes, translated by the envelope. */
export const fail = failWith(table, 'workflowErrors');

/** The text of `key` in `lang` (for composing issue lists). */
export function text(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return translate(lang, 'workflowErrors', key, vars);
}

/**
 * A 400 refusal listing a flow's issues (issue 15 "Bad input": the node named): msg is the first issue as
 * `节点「name」(nodeId)：problem` (+ count), data `{ issues: [{ nodeId, name, message }] }` in zh (the envelope
 * translates msg into the request's language).
 */
export function flowInvalid(issues: FlowIssue[]) {
  const one = (i: FlowIssue, lang: Lang) => (i.nodeId ? text(lang, 'issueAt', { name: i.name, nodeId: i.nodeId, problem: text(lang, i.key, i.vars) }) : text(lang, i.key, i.vars));
  const detail = { zh: one(issues[0], 'zh') + (issues.length > 1 ? `（共 ${issues.length} 处）` : ''), en: one(issues[0], 'en') + (issues.length > 1 ? ` (${issues.length} problems)` : '') };
  return fail(400, 'flowInvalid', { detail }, { issues: issues.map((i) => ({ nodeId: i.nodeId, name: i.name, key: i.key, message: one(i, 'zh') })) });
}
