import { describe, expect, it } from 'vitest';
import { apply } from '../../server/src/modules/workflow/engine/actions';
import { initialState } from '../../server/src/modules/workflow/engine/machine';
import type { Action, Effect, EngineEnv, FlowTreeNode, MemberTargets, Resolver, TaskState } from '../../server/src/modules/workflow/engine/types';
import { EngineError } from '../../server/src/modules/workflow/engine/types';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';

/**
 * The approval engine as tables (issue 15 Tests): for each flow, a sequence of actions and the state after each step
 * (task status, the open to-dos as `node:user`, notifications, or the refusal). The engine is pure; the organisation
 * is an in-memory Resolver: launcher `amy` (manager `max`, department head `dora`), purchasing manager `pm`, general
 * manager `gm`, a committee of five, a delegation from `ann` to `dan` between t=1000 and t=2000.
 */

const MANAGERS: Record<string, string> = { amy: 'max', max: 'gm' };
const ROLES: Record<string, string[]> = { committee: ['c1', 'c2', 'c3', 'c4', 'c5'] };
const DISABLED = new Set(['gone']);
const org: Resolver = {
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
};

// Tree builders in JNPF's shape.
const node = (type: string, nodeId: string, properties: Record<string, unknown>, childNode?: FlowTreeNode): FlowTreeNode => ({ type, nodeId, properties: { title: nodeId, ...properties }, childNode: childNode ?? null });
const approver = (nodeId: string, props: Record<string, unknown>, child?: FlowTreeNode) => node('approver', nodeId, { assigneeType: 6, ...props }, child);
const start = (child: FlowTreeNode, props: Record<string, unknown> = {}) => node('start', 'start', props, child);
const users = (...u: string[]) => ({ approvers: u });

/** A step: the action (by name, with the caller), then what must hold after it. */
interface Step {
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

const op = (node: string, user: string) => (s: TaskState) => {
  const o = s.operators.find((x) => x.nodeId === node && x.userId === user && x.completion === 0 && x.state === 0) ?? s.operators.find((x) => x.nodeId === node && x.userId === user);
  if (!o) throw new Error(`no operator ${node}:${user}`);
  return o.id;
};
const audit = (node: string, user: string, extra: Partial<Extract<Action, { type: 'audit' }>> = {}) => (s: TaskState): Action => ({ type: 'audit', userId: user, operatorId: op(node, user)(s), ...extra });
const reject = (node: string, user: string, rejectStep?: string) => (s: TaskState): Action => ({ type: 'reject', userId: user, operatorId: op(node, user)(s), rejectStep });
const submit: Action = { type: 'submit', userId: 'amy' };

const todo = (s: TaskState) => s.operators.filter((o) => o.state === 0 && o.completion === 0).map((o) => `${o.nodeId}:${o.userId}`).sort();
const notices = (effects: Effect[]) => {
  const out: Record<string, string[]> = {};
  for (const e of effects) if (e.kind === 'notify') out[e.event] = [...(out[e.event] ?? []), ...e.to].sort();
  return out;
};

/** Runs `steps` on `tree` with form data `data`, checking each step. */
async function run(tree: FlowTreeNode, steps: Step[], data: Record<string, unknown> = {}, fields: Record<string, 'number' | 'date' | 'string'> = { amount: 'number' }) {
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

const linear = start(approver('A', users('ann', 'bob'), approver('B', { assigneeType: 1, managerLevel: 1, progress: 50 })), { errorRule: 0 });

describe('linear flow: or-sign then the launcher\'s manager', () => {
  it('submit → A (or-sign) → B (manager) → adopted; each step notifies', () =>
    run(linear, [
      { act: submit, status: 1, todo: ['A:ann', 'A:bob'], notified: { todo: ['ann', 'bob'] } },
      { act: { type: 'audit', userId: 'carl', operatorId: 'op1' }, error: 'notOperator' },
      { act: audit('A', 'bob', { copyIds: ['cc1'] }), status: 1, todo: ['B:max'], notified: { todo: ['max'], approved: ['amy'], circulate: ['cc1'] } },
      { act: (s) => ({ type: 'audit', userId: 'ann', operatorId: op('A', 'ann')(s) }), error: 'notOperator' },
      { act: audit('B', 'max'), status: 2, todo: [], completion: 100, notified: { finished: ['amy'], approved: ['amy'] } },
      { act: audit('B', 'max'), error: 'taskNotRunning' },
    ]));

  it('a double approve is refused the second time (the same state twice)', async () => {
    const { flow } = validateFlow(linear, {});
    let n = 0;
    const env: EngineEnv = { flow, flowId: 'f1', launcherId: 'amy', formData: {}, resolver: org, now: 1, newId: () => `op${++n}` };
    const s1 = (await apply(env, initialState(), submit)).state;
    const a = { type: 'audit' as const, userId: 'ann', operatorId: op('A', 'ann')(s1) };
    const s2 = (await apply(env, s1, a)).state;
    await expect(apply(env, s2, a)).rejects.toMatchObject({ key: 'alreadyHandled' });
  });

  it('withdraw by the launcher only, then resubmit; cancel ends the task', () =>
    run(linear, [
      { act: submit, todo: ['A:ann', 'A:bob'] },
      { act: { type: 'withdraw', userId: 'bob' }, error: 'notLauncher' },
      { act: { type: 'withdraw', userId: 'amy' }, status: 4, todo: [] },
      { act: submit, status: 1, todo: ['A:ann', 'A:bob'] },
      { act: { type: 'urge', userId: 'amy' }, notified: { urge: ['ann', 'bob'] } },
      { act: { type: 'cancel', userId: 'admin' }, status: 5, todo: [] },
      { act: audit('A', 'ann'), error: 'taskNotRunning' },
    ]));
});

const amountFlow = (() => {
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

describe('condition on amount ≥ 10000 (typed, first match by priority, default)', () => {
  const first: Step = { act: submit, todo: ['M0:clerk'] };
  it('12 000 goes to the purchasing manager then the general manager, then the merge node', () =>
    run(amountFlow, [first, { act: audit('M0', 'clerk'), todo: ['P:pm'] }, { act: audit('P', 'pm'), todo: ['G:gm'] }, { act: audit('G', 'gm'), todo: ['F:fin'] }, { act: audit('F', 'fin'), status: 2 }], { amount: 12000 }));
  it('9 999.5 (as text) goes to the manager: compared as numbers, not text ("9999.5" > "10000" as text)', () =>
    run(amountFlow, [first, { act: audit('M0', 'clerk'), todo: ['M:max'] }, { act: audit('M', 'max'), todo: ['F:fin'] }], { amount: '9999.5' }));
  it('60 000 matches both; the higher priority (big, priority 1) wins, not the last match', () => run(amountFlow, [first, { act: audit('M0', 'clerk'), todo: ['P:pm'] }], { amount: 60000 }));
  it('no amount at all takes the default branch', () => run(amountFlow, [first, { act: audit('M0', 'clerk'), todo: ['M:max'] }], {}));
});

describe('countersign at 60 % of five, and parallel branches joined', () => {
  const committee = start(approver('C', { approverRole: ['committee'], counterSign: 1, countersignRatio: 60, rejectStep: '0' }, approver('Z', users('zed'))));
  it('3 agrees of 5 pass even after one reject; the others\' to-dos are voided', () =>
    run(committee, [
      { act: submit, todo: ['C:c1', 'C:c2', 'C:c3', 'C:c4', 'C:c5'] },
      { act: audit('C', 'c1'), todo: ['C:c2', 'C:c3', 'C:c4', 'C:c5'] },
      { act: reject('C', 'c2'), status: 1, todo: ['C:c3', 'C:c4', 'C:c5'] },
      { act: audit('C', 'c3'), todo: ['C:c4', 'C:c5'] },
      { act: audit('C', 'c4'), todo: ['Z:zed'] },
    ]));
  it('3 rejects of 5 make 60 % unreachable: back to the start (status 3), then resubmit', () =>
    run(committee, [
      { act: submit },
      { act: reject('C', 'c1') },
      { act: reject('C', 'c2'), status: 1 },
      { act: reject('C', 'c3'), status: 3, todo: [], notified: { rejected: ['amy'] } },
      { act: submit, status: 1, todo: ['C:c1', 'C:c2', 'C:c3', 'C:c4', 'C:c5'] },
    ]));
  const parallel = (() => {
    const s = start(node('empty', 'E', {}));
    const e = s.childNode as FlowTreeNode;
    e.conditionType = 'interflow';
    e.conditionNodes = [node('condition', 'b1', {}, approver('X', users('xu'))), node('condition', 'b2', {}, approver('Y', users('yi'), approver('Y2', users('yan'))))];
    e.childNode = approver('J', users('jo'));
    return s;
  })();
  it('both branches open at once; the join waits for the longer branch', () =>
    run(parallel, [
      { act: submit, todo: ['X:xu', 'Y:yi'] },
      { act: audit('X', 'xu'), todo: ['Y:yi'] },
      { act: audit('Y', 'yi'), todo: ['Y2:yan'] },
      { act: audit('Y2', 'yan'), todo: ['J:jo'] },
    ]));
});

describe('edge cases: recall inside a countersign, reject inside a parallel branch, an added signer rejects', () => {
  const joint = start(approver('C', { ...users('c1', 'c2', 'c3'), counterSign: 1, countersignRatio: 100 }, approver('Z', users('zed'))));
  it('a countersigner recalls while the node still waits for others; the node passes only with all three', () =>
    run(joint, [
      { act: submit },
      { act: audit('C', 'c1'), todo: ['C:c2', 'C:c3'] },
      { act: (s) => ({ type: 'recall', userId: 'c1', operatorId: op('C', 'c1')(s) }), todo: ['C:c1', 'C:c2', 'C:c3'] },
      { act: audit('C', 'c2') },
      { act: audit('C', 'c3'), todo: ['C:c1'] },
      { act: audit('C', 'c1'), todo: ['Z:zed'] },
    ]));
  const parallel = (() => {
    const a = approver('A', users('ann'));
    a.conditionType = 'interflow';
    a.conditionNodes = [node('condition', 'b1', {}, approver('X', { ...users('xu'), rejectStep: '1' })), node('condition', 'b2', {}, approver('Y', users('yi')))];
    a.childNode = approver('J', users('jo'));
    return start(a);
  })();
  it('a reject to previous inside one branch voids the other branch and reopens the node before the split', () =>
    run(parallel, [
      { act: submit, todo: ['A:ann'] },
      { act: audit('A', 'ann'), todo: ['X:xu', 'Y:yi'] },
      { act: audit('Y', 'yi'), todo: ['X:xu'] },
      { act: reject('X', 'xu'), status: 1, todo: ['A:ann'] },
      { act: audit('A', 'ann'), todo: ['X:xu', 'Y:yi'] },
      { act: audit('X', 'xu'), todo: ['Y:yi'] },
      { act: audit('Y', 'yi'), todo: ['J:jo'] },
    ]));
  it('an added signer\'s reject sends the node back like the approver\'s own', () =>
    run(start(approver('A', users('ann'), approver('B', users('bob')))), [
      { act: submit },
      { act: audit('A', 'ann') },
      { act: (s) => ({ type: 'addSigner', userId: 'bob', operatorId: op('B', 'bob')(s), toUserId: 'sam' }), todo: ['B:sam'] },
      { act: (s) => ({ type: 'reject', userId: 'bob', operatorId: op('B', 'bob')(s) }), error: 'notOperator' },
      { act: reject('B', 'sam'), todo: ['A:ann'] },
    ]));
});

describe('reject to previous, to start, to a chosen node; recall', () => {
  const chain = start(approver('A', users('ann'), approver('B', users('bob'), approver('C', { ...users('cat'), rejectStep: '2' }))));
  it('B rejects → A again; A agrees → B; B agrees → C; C rejects to the chosen node A', () =>
    run(chain, [
      { act: submit, todo: ['A:ann'] },
      { act: audit('A', 'ann'), todo: ['B:bob'] },
      { act: reject('B', 'bob'), status: 1, todo: ['A:ann'], notified: { rejected: ['amy'], todo: ['ann'] } },
      { act: audit('A', 'ann'), todo: ['B:bob'] },
      { act: audit('B', 'bob'), todo: ['C:cat'] },
      { act: reject('C', 'cat'), error: 'needRejectStep' },
      { act: reject('C', 'cat', 'Q'), error: 'badRejectStep' },
      { act: reject('C', 'cat', 'A'), todo: ['A:ann'] },
    ]));
  it('A rejects to previous = the start: status 3 (rejected)', () => run(chain, [{ act: submit }, { act: reject('A', 'ann'), status: 3, todo: [] }]));
  it('recall while the next node is untouched; refused once it was handled', () =>
    run(chain, [
      { act: submit },
      { act: audit('A', 'ann'), todo: ['B:bob'] },
      { act: (s) => ({ type: 'recall', userId: 'bob', operatorId: op('A', 'ann')(s) }), error: 'cannotRecall' },
      { act: (s) => ({ type: 'recall', userId: 'ann', operatorId: op('A', 'ann')(s) }), todo: ['A:ann'] },
      { act: audit('A', 'ann'), todo: ['B:bob'] },
      { act: audit('B', 'bob'), todo: ['C:cat'] },
      { act: (s) => ({ type: 'recall', userId: 'ann', operatorId: op('A', 'ann')(s) }), error: 'nextHandled' },
    ]));
});

describe('add signer, transfer, sequential, assign', () => {
  const one = start(approver('A', users('ann'), approver('B', users('bob'))));
  it('a signer before parks the approver until the signer agrees; a signer after must agree before the node passes', () =>
    run(one, [
      { act: submit, todo: ['A:ann'] },
      { act: (s) => ({ type: 'addSigner', userId: 'ann', operatorId: op('A', 'ann')(s), toUserId: 'ann' }), error: 'badTarget' },
      { act: (s) => ({ type: 'addSigner', userId: 'ann', operatorId: op('A', 'ann')(s), toUserId: 'sam' }), todo: ['A:sam'], notified: { todo: ['sam'] } },
      { act: audit('A', 'ann'), error: 'notOperator' },
      { act: audit('A', 'sam'), todo: ['A:ann'] },
      { act: audit('A', 'ann', { addSignerAfter: 'tom' }), todo: ['A:tom'] },
      { act: audit('A', 'tom'), todo: ['B:bob'] },
    ]));
  it('transfer moves the to-do; a disabled target is refused', () =>
    run(one, [
      { act: submit },
      { act: (s) => ({ type: 'transfer', userId: 'ann', operatorId: op('A', 'ann')(s), toUserId: 'gone' }), error: 'badTarget' },
      { act: (s) => ({ type: 'transfer', userId: 'ann', operatorId: op('A', 'ann')(s), toUserId: 'tia' }), todo: ['A:tia'], notified: { todo: ['tia'] } },
      { act: audit('A', 'tia'), todo: ['B:bob'] },
      { act: { type: 'assign', userId: 'admin', nodeId: 'B', toUserId: 'ben' }, todo: ['B:ben'] },
    ]));
  const seq = start(approver('S', { ...users('s1', 's2', 's3'), counterSign: 2 }));
  it('sequential: one after another in order', () =>
    run(seq, [
      { act: submit, todo: ['S:s1'] },
      { act: audit('S', 's1'), todo: ['S:s2'] },
      { act: audit('S', 's3'), error: 'notOperator' },
      { act: audit('S', 's2'), todo: ['S:s3'] },
      { act: audit('S', 's3'), status: 2 },
    ]));
});

describe('delegation window, errorRule, dynamic approvers, timer', () => {
  const ann = start(approver('A', users('ann')));
  it('inside [1000, 2000) ann\'s to-do goes to dan; at 2000 it stays with ann (end excluded)', async () => {
    await run(ann, [{ act: submit, now: 1000, todo: ['A:dan'] }]);
    await run(ann, [{ act: submit, now: 1999, todo: ['A:dan'] }]);
    await run(ann, [{ act: submit, now: 2000, todo: ['A:ann'] }]);
    await run(ann, [{ act: submit, now: 999, todo: ['A:ann'] }]);
  });
  const nobody = (rule: number) => start(approver('A', { assigneeType: 4, formField: 'owner' }), { errorRule: rule, errorRuleUser: ['eve'] });
  it('nobody resolves: blocked without a rule (never the admin silently), eve with rule 2, auto-pass with rule 4, picked with rule 3', async () => {
    await run(nobody(5), [{ act: submit, error: 'noApprover' }], {}, { owner: 'string' });
    await run(nobody(2), [{ act: submit, todo: ['A:eve'] }], {}, { owner: 'string' });
    await run(nobody(1), [{ act: submit, todo: ['A:admin'] }], {}, { owner: 'string' });
    await run(nobody(4), [{ act: submit, status: 2 }], {}, { owner: 'string' });
    await run(nobody(3), [{ act: submit, error: 'needErrorRuleUsers' }, { act: { ...submit, errorRuleUsers: { A: ['pat'] } }, todo: ['A:pat'] }], {}, { owner: 'string' });
    await run(nobody(0), [{ act: submit, todo: ['A:olga'] }], { owner: 'olga' }, { owner: 'string' });
  });
  it('initiator, department head, manager level 2, approvers of an earlier node, candidates', () =>
    run(
      start(approver('I', { assigneeType: 3 }, approver('D', { assigneeType: 2 }, approver('L', { assigneeType: 1, managerLevel: 2 }, approver('E', { assigneeType: 5, nodeId: 'D' }, approver('K', { assigneeType: 7, approvers: ['k1', 'k2'] })))))),
      [
        { act: submit, todo: ['I:amy'] },
        { act: audit('I', 'amy'), todo: ['D:dora'] },
        { act: audit('D', 'dora'), todo: ['L:gm'] },
        { act: audit('L', 'gm'), todo: ['E:dora'] },
        { act: audit('E', 'dora'), error: 'noApprover' },
        { act: audit('E', 'dora', { candidates: { K: ['k2', 'intruder'] } }), todo: ['K:k2'] },
      ],
    ));
  it('extraRule narrows named members: same department, the launcher\'s superiors; nobody left → errorRule', async () => {
    await run(start(approver('A', { ...users('ann', 'carl', 'bob'), extraRule: 2 })), [{ act: submit, todo: ['A:ann', 'A:bob'] }]);
    await run(start(approver('A', { ...users('ann', 'max'), extraRule: 4 })), [{ act: submit, todo: ['A:max'] }]);
    await run(start(approver('A', { ...users('carl'), extraRule: 2 }), { errorRule: 5 }), [{ act: submit, error: 'noApprover' }]);
  });
  it('a timer waits until its due time, then the next node opens', () =>
    run(start(node('timer', 'T', { minute: 1 }, approver('A', users('ann')))), [
      { act: submit, now: 0, todo: [] },
      { act: { type: 'tick' }, now: 59_999, todo: [] },
      { act: { type: 'tick' }, now: 60_000, todo: ['A:ann'] },
    ]));
});

describe('validation at save and release names the node', () => {
  const keys = (tree: unknown, fields: Record<string, 'number' | 'string' | 'date'> = { amount: 'number' }) => validateFlow(tree, fields).issues.map((i) => `${i.nodeId}:${i.key}`);
  it('refuses a condition set without a default, a condition on an unknown field, an approver resolving to nobody, a repeated id (cycle)', () => {
    const noDefault = structuredClone(amountFlow);
    (noDefault.childNode as FlowTreeNode).conditionNodes?.pop();
    expect(keys(noDefault)).toEqual(['M0~gw:issueNoDefault']);
    expect(keys(amountFlow, {})).toEqual(['big:issueUnknownField', 'huge:issueUnknownField']);
    expect(keys(start(approver('A', {})))).toEqual(['A:issueNobody']);
    expect(keys(start(approver('A', {}), { errorRule: 1 }))).toEqual([]);
    expect(keys(start(approver('A', users('a'), approver('A', users('b')))))).toEqual(['A:issueCycle']);
    expect(keys({ type: 'approver', nodeId: 'x' })).toEqual([':issueNoStart']);
    expect(keys(start(node('subFlow', 'S', {})))).toEqual(['S:issueSubFlow']);
    expect(keys(start(approver('A', { ...users('a'), rejectStep: 'nope' })))).toEqual(['A:issueRejectStep']);
  });
  it('an EngineError carries its key', () => expect(new EngineError('notOperator').key).toBe('notOperator'));
});
