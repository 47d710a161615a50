import { describe, expect, it } from 'vitest';
import { buildGrantTree, filterTree, grantsOfKeys, indexTree, keysOfGrants, stepTree, toggle, triState } from './grantTree';
import { valuesTree } from './PermissionTree.stories';

const labels = { root: (c: string) => `${c} 菜单`, group: (t: string) => `${t}权限` };
const tree = buildGrantTree({ list: valuesTree('module') }, { button: { list: valuesTree('button') }, column: { list: valuesTree('column') } }, labels);
const index = indexTree(tree);

describe('grant tree (issue 12 item 3)', () => {
  it('puts menus under Web / App and each menu’s items in folders per type', () => {
    expect(tree.map((n) => n.title)).toEqual(['Web 菜单', 'App 菜单']);
    const supplier = index.nodes.get('module:m-supplier');
    expect(supplier?.children.map((c) => c.key)).toEqual(['group:button:m-supplier', 'group:column:m-supplier']);
    expect(supplier?.children[0].children.map((c) => [c.key, c.title, c.enCode])).toEqual([
      ['button:b-add', '新增', 'btn_add'],
      ['button:b-edit', '编辑', 'btn_edit'],
    ]);
  });

  it('checking an item grants its menus; unchecking a menu revokes its subtree; the value round-trips', () => {
    let keys = toggle(index, new Set(), 'button:b-menu-add', true);
    expect(grantsOfKeys(keys)).toEqual({ module: ['m-menu', 'm-system'], button: ['b-menu-add'], column: [], form: [], resource: [] });
    keys = toggle(index, keys, 'module:m-system', false);
    expect([...keys]).toEqual([]);
    const value = { module: ['m-supply', 'm-supplier'], button: ['b-add'], portal: ['p1'] };
    expect(grantsOfKeys(keysOfGrants(value), value)).toEqual({ module: ['m-supply', 'm-supplier'], button: ['b-add'], column: [], form: [], resource: [], portal: ['p1'] });
  });

  it('is tri-state: whole subtree checked → checked, part → half-checked', () => {
    const s = triState(tree, keysOfGrants({ module: ['m-supply', 'm-supplier'], button: ['b-add', 'b-edit'] }));
    expect(s.checked).toEqual(expect.arrayContaining(['group:button:m-supplier', 'button:b-add']));
    expect(s.halfChecked).toEqual(expect.arrayContaining(['module:m-supplier', 'module:m-supply', 'root:Web']));
    expect(s.checked).not.toContain('module:m-supplier');
  });

  it('search keeps the matches and their ancestors, and opens them', () => {
    const { tree: cut, expand } = filterTree(tree, 'btn_edit');
    expect(cut.map((n) => n.key)).toEqual(['root:Web']);
    expect(expand).toEqual(expect.arrayContaining(['root:Web', 'module:m-supply', 'module:m-supplier', 'group:button:m-supplier']));
    const menu = filterTree(tree, '菜单管理');
    expect(menu.tree[0].children.map((n) => n.key)).toEqual(['module:m-system']);
    expect(menu.expand).toEqual(expect.arrayContaining(['module:m-menu', 'group:button:m-menu']));
  });

  it('the wizard steps: menus alone, then each item type under the granted menus only, menus without a box', () => {
    const keys = (list: ReturnType<typeof stepTree>): string[] => list.flatMap((n) => [n.key, ...keys(n.children)]);
    const menus = stepTree(tree, 'module', new Set());
    expect(keys(menus).every((k) => k.startsWith('root:') || k.startsWith('module:'))).toBe(true);
    expect(keys(menus)).toEqual(expect.arrayContaining(['module:m-supply', 'module:m-supplier', 'module:m-system', 'module:m-menu']));
    expect(stepTree(tree, 'button', new Set())).toEqual([]);
    const granted = keysOfGrants({ module: ['m-supply', 'm-supplier'] });
    const buttons = stepTree(tree, 'button', granted);
    expect(keys(buttons)).toEqual(['root:Web', 'module:m-supply', 'module:m-supplier', 'group:button:m-supplier', 'button:b-add', 'button:b-edit']);
    expect(buttons[0].children[0].checkable).toBe(false);
    expect(keys(stepTree(tree, 'column', granted)).filter((k) => k.startsWith('column:')).length).toBeGreaterThan(0);
    expect(stepTree(tree, 'all', granted)).toBe(tree);
    // A check in a step reaches only what the step shows: a menu brings its sub-menus, not their buttons.
    const on = toggle(indexTree(menus), new Set(), 'module:m-supply', true);
    expect(grantsOfKeys(on)).toMatchObject({ module: ['m-supply', 'm-supplier'], button: [] });
  });
});
