import { addOperator, cloneState, completeNode, enter, notify, opsOf, voidOpen, type Work } from './machine';
import { change, restore, suspend, unAudit } from './monitor';
import type { Action, Choices, EngineEnv, NodeLead, OperatorState, TaskState, Transition } from './types';
import { EngineError } from './types';

const newLead = (): NodeLead => ({ nodes: [], joins: [], circulated: [], ended: false });

/**
 * Applies `action` to a task (issue 15 item 2): a pure transition over the compiled snapshot `env.flow` and `state`
 * (never mutated) → the new state and the effects (records, CC rows, notifications) for the persistence layer.
 * Every action checks the caller: approver actions need the caller to hold the operator, open and active; launcher
 * actions need the launcher; assign and cancel are checked for admin by the caller of apply.
 * @throws EngineError with a message key (notOperator, taskNotRunning, noApprover, needBranch, …).
 */
export async function apply(env: EngineEnv, state: TaskState, action: Action): Promise<Transition> {
  const w: Work = { env, st: cloneState(state), effects: [], choices: action as Choices };
  switch (action.type) {
    case 'submit':
      await submit(w, action.userId, action.copyIds);
      break;
    case 'audit':
      await audit(w, action);
      break;
    case 'reject':
      await reject(w, action);
      break;
    case 'recall':
      recall(w, action);
      break;
    case 'transfer':
    case 'addSigner':
      await handOver(w, action);
      break;
    case 'assign':
      await assign(w, action);
      break;
    case 'withdraw':
    case 'cancel':
      running(w);
      if (action.type === 'withdraw' && action.userId !== env.launcherId) throw new EngineError('notLauncher');
      voidOpen(w);
      w.st.status = action.type === 'withdraw' ? 4 : 5;
      w.effects.push({ kind: 'record', nodeId: env.flow.start, operatorId: null, userId: action.userId, handleStatus: action.type === 'withdraw' ? 3 : 4, opinion: action.opinion, fileList: action.fileList });
      break;
    case 'unAudit':
      unAudit(w, action);
      break;
    case 'urge':
      running(w);
      if (action.userId !== env.launcherId) throw new EngineError('notLauncher');
      notify(w, { kind: 'notify', event: 'urge', to: w.st.operators.filter((o) => o.state === 0 && o.completion === 0).map((o) => o.userId), byUserId: action.userId });
      break;
    case 'childEnded': {
      const ns = Object.values(w.st.nodes).find((n) => n.state === 'active' && n.waiting?.includes(action.childTaskId));
      if ((w.st.status !== 1 && w.st.status !== 6) || !ns?.waiting) break;
      ns.waiting = ns.waiting.filter((id) => id !== action.childTaskId);
      // A suspended parent passes the node when it is restored (monitor.ts restore).
      if (!ns.waiting.length && w.st.status === 1) await completeNode(w, ns.id, newLead());
      break;
    }
    case 'suspend':
      suspend(w, action);
      break;
    case 'restore':
      await restore(w, action);
      break;
    case 'change':
      await change(w, action);
      break;
    case 'tick':
      for (const ns of Object.values(w.st.nodes)) {
        if (w.st.status === 1 && ns.state === 'active' && ns.dueAt !== undefined && ns.dueAt <= env.now) await completeNode(w, ns.id, newLead());
      }
      break;
  }
  return { state: w.st, effects: w.effects };
}

/** The task is in approval. @throws EngineError taskSuspended (挂起, status 6), taskNotRunning (any other). */
function running(w: Work): void {
  if (w.st.status === 6) throw new EngineError('taskSuspended');
  if (w.st.status !== 1) throw new EngineError('taskNotRunning');
}

/** The caller's open, active operator `id`. */
function ownOpen(w: Work, id: string, userId: string): OperatorState {
  running(w);
  const op = w.st.operators.find((o) => o.id === id);
  if (!op || op.userId !== userId) throw new EngineError('notOperator');
  if (op.completion === 1) throw new EngineError('alreadyHandled');
  if (op.state !== 0 || w.st.nodes[op.nodeId]?.state !== 'active') throw new EngineError('notOperator');
  return op;
}

/**
 * Submits (or resubmits after a reject to start or a withdrawal) a task: the start node passes. `copyIds`: users the
 * launcher CCs (a start node with isCustomCopy; JNPF's CandidateForm 抄送人员), enabled ones only.
 */
async function submit(w: Work, userId: string, copyIds: string[] = []): Promise<void> {
  if (userId !== w.env.launcherId) throw new EngineError('notLauncher');
  if (![0, 3, 4].includes(w.st.status)) throw new EngineError('alreadySubmitted');
  voidOpen(w);
  for (const ns of Object.values(w.st.nodes)) {
    ns.state = 'void';
    delete ns.lead;
  }
  const start = w.env.flow.start;
  w.st.status = 1;
  w.st.completion = 0;
  w.st.round += 1;
  w.st.nodes[start] = { id: start, state: 'active', from: null, round: (w.st.nodes[start]?.round ?? 0) + 1, enteredAt: w.env.now };
  w.effects.push({ kind: 'record', nodeId: start, operatorId: null, userId, handleStatus: 2 });
  const copy = await w.env.resolver.enabled(copyIds);
  if (copy.length) {
    w.effects.push({ kind: 'circulate', nodeId: start, userIds: copy });
    notify(w, { kind: 'notify', event: 'circulate', to: copy, nodeId: start });
  }
  await completeNode(w, start, newLead());
}

/**
 * An added signer (加签): the operator another operator added (parentId). Not told by handleType 7, which is also a
 * node's assigneeType 7 (candidates picked by the submitter) — those are the node's own approvers.
 */
const isAddedSigner = (o: OperatorState) => o.parentId !== null;

/** The outcome of a node from its operators' votes (see decide). */
function outcome(w: Work, nodeId: string): 'pass' | 'fail' | 'pending' {
  const ops = opsOf(w, nodeId).filter((o) => o.state !== -1 || o.completion === 1);
  if (ops.some((o) => o.completion === 0 && (isAddedSigner(o) || o.state === 1))) return 'pending';
  const main = ops.filter((o) => !isAddedSigner(o));
  const agree = main.filter((o) => o.handleStatus === 1).length;
  const rejected = main.filter((o) => o.handleStatus === 0).length;
  const p = w.env.flow.nodes[nodeId].props;
  const mode = Number(p.counterSign ?? 0);
  if (mode === 0) return agree > 0 ? 'pass' : rejected > 0 ? 'fail' : 'pending';
  if (mode === 2) return rejected > 0 ? 'fail' : agree === main.length ? 'pass' : 'pending';
  const ratio = Number(p.countersignRatio ?? 100);
  if (agree * 100 >= ratio * main.length) return 'pass';
  if ((main.length - rejected) * 100 < ratio * main.length) return 'fail';
  return 'pending';
}

/**
 * Agree (FlowBefore/Audit): records the opinion, CCs `copyIds`, adds a signer after the caller when asked, restores the
 * operator that parked for this added signer, activates the next of a sequential node, and completes the node once its
 * rule is met (or-sign: one; countersign: ratio % of the approvers; sequential: all in order).
 */
async function audit(w: Work, a: Extract<Action, { type: 'audit' }>): Promise<void> {
  const op = ownOpen(w, a.operatorId, a.userId);
  op.completion = 1;
  op.handleStatus = 1;
  op.handleTime = w.env.now;
  w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 1, opinion: a.opinion, fileList: a.fileList });
  const copy = await w.env.resolver.enabled(a.copyIds ?? []);
  if (copy.length) {
    w.effects.push({ kind: 'circulate', nodeId: op.nodeId, userIds: copy });
    notify(w, { kind: 'notify', event: 'circulate', to: copy, nodeId: op.nodeId });
  }
  if (a.addSignerAfter) {
    const to = await signer(w, op, a.addSignerAfter);
    const added = await addOperator(w, op.nodeId, to, { handleType: 7, parentId: op.id });
    w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 6, targetUserId: to });
    notify(w, { kind: 'notify', event: 'todo', to: [added.userId], nodeId: op.nodeId });
  }
  const parent = op.parentId ? w.st.operators.find((o) => o.id === op.parentId) : undefined;
  if (parent && parent.state === 1 && parent.completion === 0) {
    parent.state = 0;
    notify(w, { kind: 'notify', event: 'todo', to: [parent.userId], nodeId: op.nodeId });
  }
  const node = w.env.flow.nodes[op.nodeId];
  if (Number(node.props.counterSign ?? 0) === 2 && !isAddedSigner(op)) {
    const next = opsOf(w, op.nodeId).filter((o) => o.state === 2).sort((x, y) => x.sort - y.sort)[0];
    if (next) {
      next.state = 0;
      notify(w, { kind: 'notify', event: 'todo', to: [next.userId], nodeId: op.nodeId });
    }
  }
  const result = outcome(w, op.nodeId);
  if (result === 'pass') {
    notify(w, { kind: 'notify', event: 'approved', to: [w.env.launcherId], nodeId: op.nodeId, byUserId: a.userId });
    await completeNode(w, op.nodeId, newLead());
  } else if (result === 'fail') await routeReject(w, op.nodeId, undefined);
}

/**
 * Reject (FlowBefore/Reject): an or-sign or sequential node, or an added signer, fails at once; in a countersign the
 * reject counts against the ratio and the node fails only once the ratio can no longer be reached (reference §5: the
 * countersign ambiguity, decided). A failed node goes back per its rejectStep: '0' start (task status 3, the launcher
 * may resubmit), '1' the previous approver node (default), a node id, or '2' the node chosen in the request.
 */
async function reject(w: Work, a: Extract<Action, { type: 'reject' }>): Promise<void> {
  const op = ownOpen(w, a.operatorId, a.userId);
  op.completion = 1;
  op.handleStatus = 0;
  op.handleTime = w.env.now;
  w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 0, opinion: a.opinion, fileList: a.fileList });
  if (isAddedSigner(op) || outcome(w, op.nodeId) === 'fail') await routeReject(w, op.nodeId, a.rejectStep);
}

/** Sends a failed node back (see reject). */
async function routeReject(w: Work, nodeId: string, chosen: string | undefined): Promise<void> {
  const props = w.env.flow.nodes[nodeId].props;
  const configured = props.rejectStep === undefined || props.rejectStep === null ? '1' : String(props.rejectStep);
  let step = configured;
  if (configured === '2') {
    if (!chosen) throw new EngineError('needRejectStep');
    step = chosen;
  }
  const from = w.st.nodes[nodeId]?.from ?? null;
  voidOpen(w);
  w.st.nodes[nodeId].state = 'rejected';
  notify(w, { kind: 'notify', event: 'rejected', to: [w.env.launcherId], nodeId });
  const target = step === '0' ? null : step === '1' ? from : step;
  if (target === null || target === w.env.flow.start) {
    w.st.status = 3;
    return;
  }
  const earlier = w.st.nodes[target];
  if (w.env.flow.nodes[target]?.kind !== 'approver' || !earlier || earlier.state !== 'done') throw new EngineError('badRejectStep');
  await enter(w, target, earlier.from, newLead());
}

/**
 * Recall (FlowBefore/Recall): the caller takes back their agree while what it led to is untouched: the node is still
 * running (a countersign), or every node its completion entered has no handled operator yet (those are voided, joins
 * counted back, and the node runs again with the operators its completion voided).
 */
function recall(w: Work, a: Extract<Action, { type: 'recall' }>): void {
  running(w);
  const op = w.st.operators.find((o) => o.id === a.operatorId);
  const ns = op ? w.st.nodes[op.nodeId] : undefined;
  if (!op || !ns || op.userId !== a.userId || op.handleStatus !== 1 || op.round !== ns.round) throw new EngineError('cannotRecall');
  if (ns.state === 'done') {
    const lead = ns.lead;
    if (!lead || lead.ended) throw new EngineError('cannotRecall');
    for (const n of lead.nodes) {
      const next = w.st.nodes[n];
      if (next?.state !== 'active' || opsOf(w, n).some((o) => o.completion === 1) || w.env.flow.nodes[n]?.kind === 'subFlow') throw new EngineError('nextHandled');
    }
    for (const j of lead.joins) if (!j.fired && !w.st.joins[j.id]) throw new EngineError('nextHandled');
    for (const n of lead.nodes) {
      w.st.nodes[n].state = 'void';
      for (const o of opsOf(w, n)) if (o.completion === 0) o.state = -1;
    }
    for (const j of lead.joins) {
      if (j.fired) w.st.joins[j.id] = { expected: j.expected, arrived: j.expected - 1 };
      else w.st.joins[j.id].arrived -= 1;
    }
    ns.state = 'active';
    delete ns.lead;
    for (const o of opsOf(w, op.nodeId)) {
      if (o.voidReason === 'nodeDone') {
        o.state = 0;
        delete o.voidReason;
      }
    }
  } else if (ns.state !== 'active') throw new EngineError('cannotRecall');
  for (const o of opsOf(w, op.nodeId)) if (o.parentId === op.id && o.completion === 0) o.state = -1;
  op.completion = 0;
  op.handleStatus = null;
  op.handleTime = null;
  op.state = 0;
  w.effects.push({ kind: 'voidRecord', operatorId: op.id });
  w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 3, opinion: a.opinion, fileList: a.fileList });
}

/** A valid signer/transfer target: enabled, not the caller, not already open on the node. */
async function signer(w: Work, op: OperatorState, to: string): Promise<string> {
  const [ok] = await w.env.resolver.enabled([to]);
  if (!ok || to === op.userId) throw new EngineError('badTarget');
  if (opsOf(w, op.nodeId).some((o) => o.userId === to && o.completion === 0 && o.state !== -1)) throw new EngineError('badTarget');
  return ok;
}

/** Transfer (the operator moves to another user) or add a signer before the caller (the caller parks until the signer agrees). */
async function handOver(w: Work, a: Extract<Action, { type: 'transfer' | 'addSigner' }>): Promise<void> {
  const op = ownOpen(w, a.operatorId, a.userId);
  const to = await signer(w, op, a.toUserId);
  if (a.type === 'transfer') {
    op.userId = to;
    op.delegatorId = null;
    w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 7, opinion: a.opinion, targetUserId: to, fileList: a.fileList });
  } else {
    op.state = 1;
    await addOperator(w, op.nodeId, to, { handleType: 7, parentId: op.id });
    w.effects.push({ kind: 'record', nodeId: op.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 6, opinion: a.opinion, targetUserId: to, fileList: a.fileList });
  }
  notify(w, { kind: 'notify', event: 'todo', to: [to], nodeId: op.nodeId });
}

/** Assign (admin; FlowBefore/Assign): the running node `nodeId`'s open operators are replaced by one for `toUserId`. */
async function assign(w: Work, a: Extract<Action, { type: 'assign' }>): Promise<void> {
  running(w);
  const ns = w.st.nodes[a.nodeId];
  if (ns?.state !== 'active' || w.env.flow.nodes[a.nodeId]?.kind !== 'approver') throw new EngineError('nodeNotRunning');
  const [to] = await w.env.resolver.enabled([a.toUserId]);
  if (!to) throw new EngineError('badTarget');
  for (const o of opsOf(w, a.nodeId)) if (o.completion === 0) o.state = -1;
  const op = await addOperator(w, a.nodeId, to, { handleType: 6 });
  w.effects.push({ kind: 'record', nodeId: a.nodeId, operatorId: op.id, userId: a.userId, handleStatus: 5, opinion: a.opinion, targetUserId: to, fileList: a.fileList });
  notify(w, { kind: 'notify', event: 'todo', to: [op.userId], nodeId: a.nodeId });
}

export type { EngineEnv };
