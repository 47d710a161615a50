import { describe, expect, it } from 'vitest';
import { filterTree, mergeOrgTrees, pickIndex } from './orgTree';

/** The approver picker's merged tree (designer/flow/orgTree.ts): company → department → positions, then users. */
const positions = [{ id: 'c1', fullName: '总公司', type: 'company', children: [{ id: 'd1', fullName: '采购部', type: 'department', children: [{ id: 'p1', fullName: '采购主管', type: 'position' }] }] }];
const users = [{ id: 'u9', fullName: '系统/admin', type: 'user' }, { id: 'c1', fullName: '总公司', type: 'company', children: [{ id: 'u0', fullName: '管理员/admin', type: 'user' }, { id: 'd1', fullName: '采购部', type: 'department', children: [{ id: 'u1', fullName: '周强/zhouqiang', type: 'user' }] }] }];

describe('approver picker tree', () => {
  it('merges positions and users under one organisation skeleton, keys by kind', () => {
    const tree = mergeOrgTrees(positions, users);
    const text = (n: { title: string; children?: unknown[] }): unknown => (n.children ? { [n.title]: (n.children as Array<{ title: string }>).map(text) } : n.title);
    expect(tree.map(text)).toEqual([{ 总公司: [{ 采购部: ['采购主管', '周强/zhouqiang'] }, '管理员/admin'] }, '系统/admin']);
    expect([...pickIndex(tree).keys()]).toEqual(['department:d1', 'position:p1', 'user:u1', 'user:u0', 'user:u9']);
  });

  it('filters by name, keeping the ancestors', () => {
    const tree = mergeOrgTrees(positions, users);
    expect(JSON.stringify(filterTree(tree, '周'))).toContain('周强');
    expect(JSON.stringify(filterTree(tree, '周'))).not.toContain('采购主管');
    expect(filterTree(tree, 'nobody')).toEqual([]);
    expect(filterTree(tree, ' ')).toBe(tree);
  });
});
