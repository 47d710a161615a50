import { completeNode, enter, notify, opsOf, voidOpen, type Work } from './machine';
import type { Action, NodeLead } from './types';
import { EngineError } from './types';

/**
 * The flow monitor's actions on a task (JNPF v3.4.7 FlowBox opType 4, Mnxhp src/views/workFlow/components/FlowBox.vue:
 * 566-574 initBtnList): 挂起, 恢复, 变更 and 复活. Who may (administrators) is checked by the caller of apply. Each
 * writes a record with JNPF's handleStatus (RecordList.vue:67): 8 变更, 9 复活, 11 挂起, 12 恢复.
 */

const newLead = (): NodeLead => ({ nodes: [], joins: [], circulated: [], ended: false });

/** The node a monitor record is written on: the first running node, else the start. */
function recordNode(w: Work): string {
  return Object.values(w.st.nodes).find((n) => n.state === 'active')?.id ?? w.env.flow.start;
}

/**
 * 挂起: a task in approval (1) stops as suspended (6); its open to-dos stay but cannot be handled (every approver action
 * refuses with taskSuspended), its timers wait. @throws EngineError cannotSuspend (another status).
 */
export function suspend(w: Work, a: Extract<Action, { type: 'suspend' }>): void {
  if (w.st.status !== 1) throw new EngineError(w.st.status === 6 ? 'taskSuspended' : 'cannotSuspend');
  w.st.status = 6;
  w.st.suspended = { byParent: a.byParent === true };
  w.effects.push({ kind: 'record', nodeId: recordNode(w), operatorId: null, userId: a.userId, handleStatus: 11, opinion: a.opinion, fileList: a.fileList });
}

/**
 * 恢复: a suspended task (6) runs again (1). A subflow node whose child tasks all ended while it was suspended passes
 * now. A task suspended with its parent is restored only with it (`byParent`).
 * @throws EngineError notSuspended, suspendedByParent.
 */
export async function restore(w: Work, a: Extract<Action, { type: 'restore' }>): Promise<void> {
  if (w.st.status !== 6) throw new EngineError('notSuspended');
  if (w.st.suspended?.byParent && !a.byParent) throw new EngineError('suspendedByParent');
  w.st.status = 1;
  delete w.st.suspended;
  w.effects.push({ kind: 'record', nodeId: recordNode(w), operatorId: null, userId: a.userId, handleStatus: 12, opinion: a.opinion, fileList: a.fileList });
  for (const ns of Object.values(w.st.nodes)) if (w.st.status === 1 && ns.state === 'active' && ns.waiting && !ns.waiting.length) await completeNode(w, ns.id, newLead());
}

/**
 * 变更 (`resurgence` false; a task in approval or rejected to its launcher) and 复活 (true; an adopted, rejected or
 * cancelled task): whatever runs is voided and the task runs (1) at approver node `nodeId`, whose approvers resolve
 * again (a node whose approvers were picked takes those picked last time unless `candidates` names others; the start
 * node's errorRule applies, so 3 asks `errorRuleUsers`). Coming from: the node it came from last time, else the start
 * (a later reject to the previous step goes there). 复活 sets the completion to that node's progress (0 for the start).
 * @throws EngineError taskSuspended, cannotChange, cannotResurrect, badChangeNode, and enter's refusals.
 */
export async function change(w: Work, a: Extract<Action, { type: 'change' }>): Promise<void> {
  if (w.st.status === 6) throw new EngineError('taskSuspended');
  if (!(a.resurgence ? [2, 3, 5] : [1, 3]).includes(w.st.status)) throw new EngineError(a.resurgence ? 'cannotResurrect' : 'cannotChange');
  const node = w.env.flow.nodes[a.nodeId];
  if (node?.kind !== 'approver') throw new EngineError('badChangeNode');
  const before = w.st.nodes[a.nodeId];
  const picked = before ? [...new Set(opsOf(w, a.nodeId).filter((o) => o.parentId === null).map((o) => o.delegatorId ?? o.userId))] : [];
  w.choices = { ...w.choices, candidates: { [a.nodeId]: picked, ...(a.candidates ?? {}) } };
  voidOpen(w);
  const from = before?.from ?? w.env.flow.start;
  w.st.status = 1;
  if (a.resurgence) {
    const progress = Number(w.env.flow.nodes[from]?.props.progress);
    w.st.completion = Number.isFinite(progress) && progress > 0 && progress < 100 ? progress : 0;
  }
  w.effects.push({ kind: 'record', nodeId: a.nodeId, operatorId: null, userId: a.userId, handleStatus: a.resurgence ? 9 : 8, opinion: a.opinion, fileList: a.fileList });
  await enter(w, a.nodeId, from, newLead());
}

/**
 * 反审核 (unAudit; FlowBefore/UnAudit, spec 001 §4): an adopted task (status 2) goes back to 流程撤回 (4), from which
 * the launcher edits and resubmits it (a new round on the task's own snapshot, as after a withdrawal; its bound record
 * is editable again). The approvals stay in the history; the action is recorded on the start node with handleStatus 9
 * (JNPF's 复活, reopening an ended task) and the launcher is told (【反审核】). Who may: checked by the caller of
 * apply (administrators). @throws EngineError notAdopted in any other status.
 */
export function unAudit(w: Work, a: Extract<Action, { type: 'unAudit' }>): void {
  if (w.st.status !== 2) throw new EngineError('notAdopted');
  voidOpen(w);
  w.st.status = 4;
  w.st.completion = 0;
  w.effects.push({ kind: 'record', nodeId: w.env.flow.start, operatorId: null, userId: a.userId, handleStatus: 9, opinion: a.opinion });
  notify(w, { kind: 'notify', event: 'unAudit', to: [w.env.launcherId], byUserId: a.userId });
}
