import { pickBranch } from './conditions';
import { circulateTargets, resolveApprovers } from './resolve';
import type { Choices, CompiledNode, Effect, EngineEnv, NodeLead, OperatorState, TaskState } from './types';
import { EngineError } from './types';

/** The mutable working copy an action runs on (the caller's state is never touched). */
export interface Work {
  env: EngineEnv;
  st: TaskState;
  effects: Effect[];
  choices: Choices;
}

/** A deep copy of a state (plain JSON). */
export function cloneState(st: TaskState): TaskState {
  return structuredClone(st);
}

/** A fresh state (draft). */
export function initialState(): TaskState {
  return { status: 0, nodes: {}, operators: [], joins: {}, completion: 0, round: 0 };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/** The operators of a node's current entry. */
export function opsOf(w: Work, nodeId: string): OperatorState[] {
  const round = w.st.nodes[nodeId]?.round;
  return w.st.operators.filter((o) => o.nodeId === nodeId && o.round === round);
}

/** Adds an operator for `userId` (the delegate when a delegation of [start, end) covers now; one hop, no chains). */
export async function addOperator(w: Work, nodeId: string, userId: string, o: Partial<OperatorState> = {}): Promise<OperatorState> {
  // An added signer (parentId set) is the user chosen by hand: no delegation.
  const delegate = o.parentId ? null : await w.env.resolver.delegateOf(userId, w.env.flowId, w.env.now);
  const op: OperatorState = {
    id: w.env.newId(),
    nodeId,
    userId: delegate ?? userId,
    delegatorId: delegate ? userId : null,
    handleType: 6,
    state: 0,
    completion: 0,
    handleStatus: null,
    handleTime: null,
    parentId: null,
    sort: 0,
    round: w.st.nodes[nodeId]?.round ?? 0,
    createdAt: w.env.now,
    ...o,
  };
  w.st.operators.push(op);
  return op;
}

/** Tells `to` about an event (drops empty lists). */
export function notify(w: Work, event: Effect & { kind: 'notify' }): void {
  const to = [...new Set(event.to)];
  if (to.length) w.effects.push({ ...event, to });
}

/**
 * Enters node `id` coming from approver/start node `from`; `lead` collects what the completion that led here did.
 * Approver: resolves its users (errorRule when none), creates the operators (sequential: first active, rest queued)
 * and notifies them; timer: records its due time; gateway: picks branches (condition: first match or default;
 * interflow: all; branchFlow: the picked ones) and enters each, counting them at the join; join: passes once every
 * entered branch arrived; end: the task is adopted (status 2).
 */
export async function enter(w: Work, id: string, from: string | null, lead: NodeLead): Promise<void> {
  const node = w.env.flow.nodes[id];
  if (!node) throw new EngineError('flowBroken');
  const st = w.st;
  switch (node.kind) {
    case 'end':
      st.status = 2;
      st.completion = 100;
      lead.ended = true;
      for (const o of st.operators) if (o.completion === 0 && o.state !== -1) o.state = -1;
      notify(w, { kind: 'notify', event: 'finished', to: [w.env.launcherId] });
      return;
    case 'gateway': {
      const g = node.gateway;
      if (!g) throw new EngineError('flowBroken');
      let chosen = g.branches;
      if (g.mode === 'condition') {
        const b = pickBranch(g.branches, w.env.formData, w.env.flow.fields, w.env.launcherId);
        if (!b) throw new EngineError('noBranch', { name: node.name });
        chosen = [b];
      } else if (g.mode === 'branchFlow') {
        const picked = list(w.choices.branchList);
        chosen = g.branches.filter((b) => picked.includes(b.id));
        if (!chosen.length) throw new EngineError('needBranch', { name: node.name }, { type: 1, nodeId: node.id, list: g.branches.map((b) => ({ nodeId: b.id, nodeName: b.name })) });
      }
      st.joins[g.join] = { expected: chosen.length, arrived: 0 };
      for (const b of chosen) await enter(w, b.target, from, lead);
      return;
    }
    case 'join': {
      const j = st.joins[id] ?? { expected: 1, arrived: 0 };
      j.arrived += 1;
      const fired = j.arrived >= j.expected;
      lead.joins.push({ id, expected: j.expected, fired });
      if (!fired) {
        st.joins[id] = j;
        return;
      }
      delete st.joins[id];
      await enter(w, node.next ?? 'end', from, lead);
      return;
    }
    case 'start':
      throw new EngineError('flowBroken');
    default:
      break;
  }
  const round = (st.nodes[id]?.round ?? 0) + 1;
  st.nodes[id] = { id, state: 'active', from, round, enteredAt: w.env.now };
  lead.nodes.push(id);
  if (node.kind === 'timer') {
    const p = node.props;
    const secs = Number(p.day ?? 0) * 86400 + Number(p.hour ?? 0) * 3600 + Number(p.minute ?? 0) * 60 + Number(p.second ?? 0);
    st.nodes[id].dueAt = w.env.now + secs * 1000;
    return;
  }
  if (node.kind === 'subFlow') await enterSubFlow(w, node, lead);
  else await enterApprover(w, node, lead);
}

/**
 * Enters a subflow node (reference §1 Subflow): its launchers resolve like approvers from `initiateType` and the
 * `initiator`/`initiatePos`/`initiateRole` lists (none: the start node's errorRule, as for approvers); one child task
 * of flow `flowId` per launcher is spawned with the parent's fields mapped by `assignList [{ parentField,
 * childField }]`. Asynchronous (`isAsync`): the node passes at once; synchronous: it waits until every child ended.
 */
async function enterSubFlow(w: Work, node: CompiledNode, lead: NodeLead): Promise<void> {
  const p = node.props;
  const asApprover: CompiledNode = { ...node, props: { ...p, assigneeType: p.initiateType ?? 3, approvers: p.initiator, approverPos: p.initiatePos, approverRole: p.initiateRole, extraRule: undefined } };
  const users = await approversOrRule(w, asApprover, lead);
  if (!users) return;
  const data: Record<string, unknown> = {};
  for (const m of Array.isArray(p.assignList) ? (p.assignList as Array<{ parentField?: unknown; childField?: unknown }>) : []) {
    if (typeof m?.parentField === 'string' && typeof m.childField === 'string' && m.childField && Object.hasOwn(w.env.formData, m.parentField)) data[m.childField] = w.env.formData[m.parentField];
  }
  const children = users.map((userId) => ({ taskId: w.env.newId(), userId }));
  w.effects.push({ kind: 'spawn', nodeId: node.id, flowId: String(p.flowId ?? ''), children, data });
  if (p.isAsync === true || p.isAsync === 1) {
    await completeNode(w, node.id, lead);
    return;
  }
  w.st.nodes[node.id].waiting = children.map((c) => c.taskId);
}

/**
 * The users of an approver-like node, or, when none resolves, the start node's errorRule: 1 administrators, 2 the
 * configured users, 3 those picked in the request, 4 auto-pass (the node completes; returns null), else refused.
 */
async function approversOrRule(w: Work, node: CompiledNode, lead: NodeLead): Promise<string[] | null> {
  let users = await resolveApprovers(w.env, w.st, node, w.choices.candidates);
  if (users.length) return users;
  const start = w.env.flow.nodes[w.env.flow.start].props;
  const rule = Number(start.errorRule ?? 0);
  if (rule === 1) users = await w.env.resolver.administrators();
  else if (rule === 2) users = await w.env.resolver.enabled(list(start.errorRuleUser));
  else if (rule === 3) users = await w.env.resolver.enabled(list(w.choices.errorRuleUsers?.[node.id]));
  else if (rule === 4) {
    w.effects.push({ kind: 'record', nodeId: node.id, operatorId: null, userId: w.env.launcherId, handleStatus: 1, opinion: 'auto' });
    await completeNode(w, node.id, lead);
    return null;
  }
  if (!users.length) {
    const need = rule === 3 ? { type: 3, nodeId: node.id, nodeName: node.name } : null;
    throw new EngineError(rule === 3 ? 'needErrorRuleUsers' : 'noApprover', { name: node.name }, need);
  }
  return users;
}

/** Creates an approver node's operators, applying the start node's errorRule when nobody resolves. */
async function enterApprover(w: Work, node: CompiledNode, lead: NodeLead): Promise<void> {
  const users = await approversOrRule(w, node, lead);
  if (!users) return;
  const sequential = Number(node.props.counterSign ?? 0) === 2;
  const handleType = Number(node.props.assigneeType ?? 6);
  const created: OperatorState[] = [];
  for (const [i, u] of users.entries()) created.push(await addOperator(w, node.id, u, { handleType, sort: i, state: sequential && i > 0 ? 2 : 0 }));
  notify(w, { kind: 'notify', event: 'todo', to: created.filter((o) => o.state === 0).map((o) => o.userId), nodeId: node.id });
}

/**
 * Completes node `id` (its approvers passed, or its timer is due): open operators are voided (nodeDone), the node's CC
 * targets are circulated, the task's completion takes the node's `progress`, then its successor is entered. What it
 * led to is kept on the node for a recall.
 */
export async function completeNode(w: Work, id: string, lead: NodeLead = { nodes: [], joins: [], circulated: [], ended: false }): Promise<void> {
  const node = w.env.flow.nodes[id];
  const ns = w.st.nodes[id];
  if (ns) {
    ns.state = 'done';
    ns.lead = lead;
  }
  for (const o of opsOf(w, id)) {
    if (o.completion === 0 && o.state !== -1) {
      o.state = -1;
      o.voidReason = 'nodeDone';
    }
  }
  const cc = await w.env.resolver.members(circulateTargets(node.props));
  if (cc.length) {
    lead.circulated.push(...cc);
    w.effects.push({ kind: 'circulate', nodeId: id, userIds: cc });
    notify(w, { kind: 'notify', event: 'circulate', to: cc, nodeId: id });
  }
  const progress = Number(node.props.progress);
  if (Number.isFinite(progress) && progress > w.st.completion && progress < 100) w.st.completion = progress;
  await enter(w, node.next ?? 'end', id, lead);
}

/** Voids every open node and operator (reject, withdraw, cancel): they are no longer to-dos. */
export function voidOpen(w: Work): void {
  for (const ns of Object.values(w.st.nodes)) if (ns.state === 'active') ns.state = 'void';
  for (const o of w.st.operators) {
    if (o.completion === 0 && o.state !== -1) {
      o.state = -1;
      o.voidReason = 'reset';
    }
  }
  w.st.joins = {};
}
