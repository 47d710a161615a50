import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { compileTree } from '../../server/src/modules/workflow/engine/compile';
import { addBranch, addNode, allNodes, base62, type FlowNode, findNode, moveBranch, moveNode, newNodeId, newTree, removeBranch, removeGroup, removeNode } from './tree';

/**
 * The flow designer's pure tree operations (designer/flow/tree.ts): each case builds a tree with a list of operations
 * and compares its shape, written as text: a chain `a > b`, a group `[cond: x | y*]` (`*` the default branch, each
 * branch its chain), then the node ids' prevIds and that the server's compiler (engine/compile.ts) accepts the tree.
 */
type Op = (t: FlowNode, ids: Record<string, string>) => void;

/** Adds a branch to the start node's group, remembered as `b`. */
const addB: Op = (t, ids) => {
  ids.b = addBranch(t, 'start');
};

/** The tree as text: type names (titles for branch heads), groups in brackets. */
function shape(n: FlowNode | null | undefined): string {
  const out: string[] = [];
  for (let c = n; c; c = c.childNode) {
    const self = c.type === 'condition' ? String(c.properties.title) + (c.properties.isDefault ? '*' : '') : c.type;
    const group = c.conditionNodes?.length ? ` [${c.conditionType}: ${c.conditionNodes.map((b) => shape(b)).join(' | ')}]` : '';
    out.push(self + group);
  }
  return out.join(' > ');
}

const build = (ops: Op[]) => {
  const ids: Record<string, string> = {};
  const tree = produce(newTree(), (d) => {
    for (const op of ops) op(d, ids);
  });
  return { tree, ids };
};

const add = (name: string, at: (ids: Record<string, string>) => Parameters<typeof addNode>[1], kind: Parameters<typeof addNode>[2]): Op => (t, ids) => {
  ids[name] = addNode(t, at(ids), kind);
};

const CASES: Array<{ name: string; ops: Op[]; want: string }> = [
  { name: 'an approver after the start', ops: [add('a', () => ({ after: 'start' }), 'approver')], want: 'start > approver' },
  {
    name: 'a node inserted between two',
    ops: [add('a', () => ({ after: 'start' }), 'approver'), add('t', () => ({ after: 'start' }), 'timer')],
    want: 'start > timer > approver',
  },
  {
    name: 'a condition group: one condition and the default; its owner keeps what followed as the merge',
    ops: [add('a', () => ({ after: 'start' }), 'approver'), add('c', () => ({ after: 'start' }), 'condition')],
    want: 'start [condition: 条件1 | 默认*] > approver',
  },
  {
    name: 'approvers inside branches',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('a', (i) => ({ after: i.c }), 'approver'), (t, ids) => add('b', () => ({ after: t.conditionNodes![1].nodeId }), 'approver')(t, ids)],
    want: 'start [condition: 条件1 > approver | 默认* > approver]',
  },
  {
    name: 'a node right below a group owner goes between it and its group (takes the group over)',
    ops: [add('c', () => ({ after: 'start' }), 'interflow'), add('a', () => ({ after: 'start' }), 'approver')],
    want: 'start > approver [interflow: 分支1 | 分支2]',
  },
  {
    name: 'a node below the merge',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('a', () => ({ afterGroup: 'start' }), 'approver')],
    want: 'start [condition: 条件1 | 默认*] > approver',
  },
  {
    name: 'two groups in a row: the second is carried by an empty node',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('p', () => ({ afterGroup: 'start' }), 'interflow')],
    want: 'start [condition: 条件1 | 默认*] > empty [interflow: 分支1 | 分支2]',
  },
  {
    name: 'a group right below an owner of a group: the new group first, the old one carried by an empty node',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('p', () => ({ after: 'start' }), 'branchFlow')],
    want: 'start [branchFlow: 分支1 | 分支2] > empty [condition: 条件1 | 默认*]',
  },
  {
    name: 'a nested group below a branch head sits on an empty node',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('n', (i) => ({ after: i.c }), 'interflow')],
    want: 'start [condition: 条件1 > empty [interflow: 分支1 | 分支2] | 默认*]',
  },
  {
    name: 'a condition branch is added before the default, priorities renumbered',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), addB],
    want: 'start [condition: 条件1 | 条件3 | 默认*]',
  },
  {
    name: 'removing a node moves its successor up',
    ops: [add('a', () => ({ after: 'start' }), 'approver'), add('t', (i) => ({ after: i.a }), 'timer'), (t, i) => removeNode(t, i.a)],
    want: 'start > timer',
  },
  {
    name: 'removing a group owner hands the group to the node above',
    ops: [add('a', () => ({ after: 'start' }), 'approver'), add('c', (i) => ({ after: i.a }), 'condition'), (t, i) => removeNode(t, i.a)],
    want: 'start [condition: 条件1 | 默认*]',
  },
  {
    name: 'removing one of two branches removes the group; of three, only the branch',
    ops: [add('c', () => ({ after: 'start' }), 'interflow'), add('a', () => ({ afterGroup: 'start' }), 'approver'), (t, i) => removeBranch(t, i.c)],
    want: 'start > approver',
  },
  {
    name: 'removing a branch of three keeps the group',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), addB, (t, i) => removeBranch(t, i.c)],
    want: 'start [condition: 条件3 | 默认*]',
  },
  {
    name: 'removing a group carried by an empty node removes the empty node',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), add('p', () => ({ afterGroup: 'start' }), 'interflow'), add('z', () => ({ afterGroup: 'start' }), 'approver'), (t) => removeGroup(t, t.childNode!.childNode!.nodeId)],
    want: 'start [condition: 条件1 | 默认*] > approver',
  },
  {
    name: 'moving a node down swaps it with the next plain node',
    ops: [add('a', () => ({ after: 'start' }), 'approver'), add('t', (i) => ({ after: i.a }), 'timer'), (t, i) => void moveNode(t, i.a, 1)],
    want: 'start > timer > approver',
  },
  {
    name: 'a branch moved right changes its priority; the default stays last',
    ops: [add('c', () => ({ after: 'start' }), 'condition'), addB, (t, i) => void moveBranch(t, i.c, 1), (t, i) => void moveBranch(t, i.c, 1)],
    want: 'start [condition: 条件3 | 条件1 | 默认*]',
  },
];

describe('flow tree operations (designer/flow/tree.ts)', () => {
  it.each(CASES)('$name', ({ ops, want }) => {
    const { tree } = build(ops);
    expect(shape(tree)).toBe(want);
    const nodes = allNodes(tree);
    expect(new Set(nodes.map((n) => n.nodeId)).size).toBe(nodes.length);
    for (const n of nodes) {
      if (n.childNode) expect(n.childNode.prevId).toBe(n.nodeId);
      for (const b of n.conditionNodes ?? []) expect(b.prevId).toBe(n.nodeId);
    }
    // The server's compiler reads it as a tree (no duplicate ids, no unknown types).
    expect(compileTree(JSON.parse(JSON.stringify(tree))).issues).toEqual([]);
  });

  it('condition priorities follow the order with the default last', () => {
    const { tree } = build([add('c', () => ({ after: 'start' }), 'condition'), (t) => void addBranch(t, 'start')]);
    expect(tree.conditionNodes!.map((b) => [b.properties.priority, b.properties.isDefault])).toEqual([
      [0, false],
      [1, false],
      [2, true],
    ]);
  });

  it('refuses to remove the start, a default branch, or move past the start or the default', () => {
    const { tree, ids } = build([add('c', () => ({ after: 'start' }), 'condition'), add('a', () => ({ afterGroup: 'start' }), 'approver')]);
    const def = tree.conditionNodes![1].nodeId;
    expect(() => produce(tree, (d) => removeNode(d, 'start'))).toThrow();
    expect(() => produce(tree, (d) => removeBranch(d, def))).toThrow(/default/);
    expect(produce(tree, (d) => void moveBranch(d, ids.c, 1))).toBe(tree);
    expect(produce(tree, (d) => void moveNode(d, ids.a, -1))).toBe(tree);
    expect(findNode(tree, ids.a)?.type).toBe('approver');
  });

  it('node ids are time-based base-62, unique against the tree', () => {
    expect(base62(0)).toBe('0');
    expect(base62(61)).toBe('z');
    expect(base62(62)).toBe('10');
    const now = Date.UTC(2026, 0, 1);
    const a = newNodeId(new Set(), now);
    expect(a).toMatch(/^[0-9A-Za-z]+$/);
    const b = newNodeId(new Set([a]), now);
    expect(b).not.toBe(a);
  });
});
