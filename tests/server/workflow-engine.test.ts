import { describe, expect, it } from 'vitest';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';
import { apply } from '../../server/src/modules/workflow/engine/actions';
import { initialState } from '../../server/src/modules/workflow/engine/machine';
import type { EngineEnv, FlowTreeNode } from '../../server/src/modules/workflow/engine/types';
import { amountFlow, approver, audit, node, op, org, reject, run, type Step, start, submit, users } from './workflow-engine-fixtures';

/**
 * The approval engine as tables (issue 15 Tests), part 1: for each flow (linear, condition on the amount, countersign
 * at 60 %, parallel branches, reject to previous/start/chosen, recall, add signer, transfer, sequential, assign), a
 * sequence of actions and the state after each step (status, open to-dos as `node:user`, notifications, refusals).
 * The engine is pure; the organisation is workflow-engine-fixtures.ts's in-memory Resolver.
 */

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
  const picked = start(approver('K', { assigneeType: 7, approvers: ['k1', 'k2'] }, approver('B', users('bob'))));
  it('candidates picked by the submitter (assigneeType 7) are the node’s approvers, not added signers: an agree passes it', () =>
    run(picked, [
      { act: { type: 'submit', userId: 'amy', candidates: { K: ['k2'] } }, status: 1, todo: ['K:k2'] },
      { act: audit('K', 'k2'), status: 1, todo: ['B:bob'] },
      { act: audit('B', 'bob'), status: 2 },
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

