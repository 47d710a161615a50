import { describe, expect, it } from 'vitest';
import type { FlowTreeNode } from '../../server/src/modules/workflow/engine/types';
import { EngineError } from '../../server/src/modules/workflow/engine/types';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';
import { amountFlow, approver, audit, node, op, reject, run, start, submit, users } from './workflow-engine-fixtures';

/**
 * The approval engine as tables (issue 15 Tests), part 2: edge cases (recall in a running countersign, reject inside
 * a parallel branch, an added signer's reject), the delegation window, errorRule, dynamic approvers, extraRule,
 * timers, and the validation of save and release naming the node.
 */

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
    await run(nobody(3), [{ act: submit, error: 'needErrorRuleUsers' }, { act: { type: 'submit', userId: 'amy', errorRuleUsers: { A: ['pat'] } }, todo: ['A:pat'] }], {}, { owner: 'string' });
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
