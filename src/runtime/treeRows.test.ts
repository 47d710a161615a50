import { describe, expect, it } from 'vitest';
import { pageOnClient } from './source/clientPaging';
import { asPage } from './source/resource';
import { actionShown, addDefaults, treeKey, treeRows } from './treeRows';

/** Tree rows, `add`/`when` row actions and client paging of built-in page lists (schemas/page.ts ResourceList, PageAction). */
describe('tree rows of a built-in list (ResourceList children)', () => {
  const rows = [
    { id: 'a', fullName: '华东', children: [{ id: 'a1', fullName: '上海', children: [{ id: 'a11', fullName: '浦东' }] }] },
    { id: 'b', fullName: '华北' },
  ];
  it('lists each row before its children, depth first, with depth and fold state', () => {
    const out = treeRows(rows, 'children', new Set());
    expect(out.map((r) => [r.id, r.__tree?.depth, r.__tree?.hasChildren])).toEqual([
      ['a', 0, true],
      ['a1', 1, true],
      ['a11', 2, false],
      ['b', 0, false],
    ]);
  });
  it('leaves out the children of a folded row', () => {
    const out = treeRows(rows, 'children', new Set([treeKey('a1')]));
    expect(out.map((r) => r.id)).toEqual(['a', 'a1', 'b']);
    expect(out[1].__tree?.collapsed).toBe(true);
  });
});

describe('row actions with when and add defaults (PageAction)', () => {
  const when = { field: 'isTree', in: [1] };
  it('shows a `when` action only where the row over the tree node satisfies it', () => {
    expect(actionShown({ when }, { id: 'x' }, { isTree: 1 })).toBe(true);
    expect(actionShown({ when }, { id: 'x' }, { isTree: 0 })).toBe(false);
    expect(actionShown({ when }, { id: 'x' }, undefined)).toBe(false);
    expect(actionShown({}, { id: 'x' }, undefined)).toBe(true);
  });
  it('fills the add form from the tree node and the row', () => {
    expect(addDefaults({ defaults: { parentId: 'id' } }, { id: 'r1', fullName: 'x' }, { dictionaryTypeId: 't1', isTree: 1 })).toEqual({ dictionaryTypeId: 't1', isTree: 1, parentId: 'r1' });
  });
});

describe('client paging (ResourceList clientPaging)', () => {
  const all = Array.from({ length: 45 }, (_, i) => ({ id: String(i) }));
  const q = (currentPage: number, pageSize: number) => ({ currentPage, pageSize });
  it('cuts the answered rows to the page; the total is the count', () => {
    const answer = { list: all };
    const p2 = pageOnClient(asPage(answer, q(2, 20)), answer, q(2, 20));
    expect(p2.list.map((r) => r.id)).toEqual(all.slice(20, 40).map((r) => r.id));
    expect(p2.pagination).toEqual({ currentPage: 2, pageSize: 20, total: 45 });
    expect(pageOnClient(asPage(all, q(3, 20)), all, q(3, 20)).list).toHaveLength(5);
  });
  it('keeps an answer that pages itself', () => {
    const answer = { list: all.slice(0, 10), pagination: { currentPage: 1, pageSize: 10, total: 45 } };
    expect(pageOnClient(asPage(answer, q(1, 10)), answer, q(1, 10))).toMatchObject({ pagination: { total: 45 } });
  });
});
