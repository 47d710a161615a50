import { expect } from 'vitest';
import { apply } from '../../server/src/modules/workflow/engine/actions';
import { initialState } from '../../server/src/modules/workflow/engine/machine';
import type { Action, Effect, EngineEnv, FlowTreeNode, MemberTargets, Resolver, TaskState } from '../../server/src/modules/workflow/engine/types';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';

/**
 * The engine table tests' organisation and step runner (workflow-engine*.test.ts): launcher `amy` (manager `max`,
 * department head `dora`), purchasing manager `pm`, general manager `gm`, a committee of five, a delegation from `ann`
 * to `dan` between t=1000 and t=2000; `run(tree, steps)` applies each action and checks the state after it.
 */

const MANAGERS: Record<string, string> = { amy: 'max', max: 'gm' };
const ROLES: Record<string, string[]> = { committee: ['c1', 'c2', 'c3', 'c4', 'c5'] };
const DISABLED = new Set(['gone']);
export const org: Resolver = {
  async members(t: MemberTargets) {
    return [...t.users, ...t.roles.flatMap((r) => ROLES[r] ?? [])].filter((u) => !DISABLED.has(u));
  },
  async managerOf(user, level) {
    let u: string | undefined = user;
    for (let i = 0; i < level && u; i++) u = MANAGERS[u];
    return u ?? null;
  },
  async departmentHeadOf() {
    return 'dora';
  },
  async fieldUsers(_kind, value) {
    return Array.isArray(value) ? value.map(String) : value ? String(value).split(',') : [];
  },
  async administrators() {
    return ['admin'];
  },
  async enabled(ids) {
    return ids.filter((u) => !DISABLED.has(u));
  },
  async narrow(users, rule, launcher) {
    // The launcher amy's department holds ann and bob; max is her manager.
    if (rule === 2) return users.filter((u) => ['amy', 'ann', 'bob'].includes(u));
    if (rule === 4) return users.filter((u) => ['max', 'gm'].includes(u) && launcher === 'amy');
    return users;
  },
  async delegateOf(user, _flow, at) {
    return user === 'ann' && at >= 1000 && at < 2000 ? 'dan' : null;
  },
  async fromUrl(url) {
    // assigneeType 9: the ERP answers the purchasing manager; any other address answers nobody
    return url === 'https://erp.example/approvers' ? ['pm'] : [];
  },
};

// Tree builders in JNPF's shape.
export const node = (type: string, nodeId: string, properties: Record<string, unknown>, childNode?: FlowTreeNode): FlowTreeNode => ({ type, nodeId, properties: { title: nodeId, ...properties }, childNode: childNode ?? null });
export const approver = (nodeId: string, props: Record<string, unknown>, child?: FlowTreeNode) => node('approver', nodeId, { assigneeType: 6, ...props }, child);
export const start = (child: FlowTreeNode, props: Record<string, unknown> = {}) => node('start', 'start', props, child);
export const users = (...u: string[]) => ({ approvers: u });

/** A step: the action (by name, with the caller), then what must hold after it. */
export interface Step {
  act: Action | ((s: TaskState) => Action);
  now?: number;
  status?: number;
  /** Open active to-dos, sorted `node:user`. */
  todo?: string[];
  /** Refusal key (the state stays as it was). */
  error?: string;
  /** Notifications (event → recipients) among the effects. */
  notified?: Record<string, string[]>;
  completion?: number;
}

export const op = (node: string, user: string) => (s: TaskState) => {
  const o = s.operators.find((x) => x.nodeId === node && x.userId === user && x.completion === 0 && x.state === 0) ?? s.operators.find((x) => x.nodeId === node && x.userId === user);
  if (!o) throw new Error(`no operator ${node}:${user}`);
  return o.id;
};
export const audit = (node: string, user: string, extra: Partial<Extract<Action, { type: 'audit' }>> = {}) => (s: TaskState): Action => ({ type: 'audit', userId: user, operatorId: op(node, user)(s), ...extra });
export const reject = (node: string, user: string, rejectStep?: string) => (s: TaskState): Action => ({ type: 'reject', userId: user, operatorId: op(node, user)(s), rejectStep });
export const submit: Action = { type: 'submit', userId: 'amy' };

export const todo = (s: TaskState) => s.operators.filter((o) => o.state === 0 && o.completion === 0).map((o) => `${o.nodeId}:${o.userId}`).sort();
export const notices = (effects: Effect[]) => {
  const out: Record<string, string[]> = {};
  for (const e of effects) if (e.kind === 'notify') out[e.event] = [...(out[e.event] ?? []), ...e.to].sort();
  return out;
};

/** Runs `steps` on `tree` with form data `data`, checking each step. */
export async function run(tree: FlowTreeNode, steps: Step[], data: Record<string, unknown> = {}, fields: Record<string, 'number' | 'date' | 'string'> = { amount: 'number' }) {
  const { flow, issues } = validateFlow(tree, fields);
  expect(issues).toEqual([]);
  let n = 0;
  let state = initialState();
  for (const [i, step] of steps.entries()) {
    const env: EngineEnv = { flow, flowId: 'f1', launcherId: 'amy', formData: data, resolver: org, now: step.now ?? 500, newId: () => `op${++n}` };
    const action = typeof step.act === 'function' ? step.act(state) : step.act;
    const label = `step ${i + 1} ${action.type}`;
    if (step.error) {
      await expect(apply(env, state, action), label).rejects.toMatchObject({ key: step.error });
      continue;
    }
    const t = await apply(env, state, action);
    state = t.state;
    if (step.status !== undefined) expect(state.status, label).toBe(step.status);
    if (step.todo) expect(todo(state), label).toEqual([...step.todo].sort());
    if (step.notified) expect(notices(t.effects), label).toMatchObject(step.notified);
    if (step.completion !== undefined) expect(state.completion, label).toBe(step.completion);
  }
  return state;
}

/** The purchase flow by amount: M0 (clerk), then big (≥ 10000: pm → gm), huge (≥ 50000: ceo), default (manager), merging at F (fin). */
export const amountFlow = (() => {
  const gw = approver('M0', users('clerk'));
  gw.conditionType = 'condition';
  gw.conditionNodes = [
    node('condition', 'big', { priority: 1, conditions: [{ field: 'amount', symbol: '>=', fieldValue: '10000', fieldValueType: 2 }] }, approver('P', users('pm'), approver('G', users('gm')))),
    node('condition', 'huge', { priority: 2, conditions: [{ field: 'amount', symbol: '>=', fieldValue: '50000' }] }, approver('X', users('ceo'))),
    node('condition', 'other', { isDefault: true, priority: 9 }, approver('M', { assigneeType: 1 })),
  ];
  gw.childNode = approver('F', users('fin'));
  return start(gw);
})();
