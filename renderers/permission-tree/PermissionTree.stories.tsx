import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import type { Answer } from '../_shared/fakeData';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';
import type { ValuesNode } from './grantTree';

/** The grants field of the 授权 dialog of a role. */
export const grantsField = fieldFrom(def.scaffold, 'grants', '权限', {}, { objectType: 'Role' });

type Menu = { id: string; fullName: string; category: string; parentId: string };
const MENUS: Menu[] = [
  { id: 'm-supply', fullName: '供应链', category: 'Web', parentId: '-1' },
  { id: 'm-supplier', fullName: '供应商', category: 'Web', parentId: 'm-supply' },
  { id: 'm-system', fullName: '系统管理', category: 'Web', parentId: '-1' },
  { id: 'm-menu', fullName: '菜单管理', category: 'Web', parentId: 'm-system' },
  { id: 'm-approve', fullName: '移动审批', category: 'App', parentId: '-1' },
];
/** Items per type: [id, menu, fullName, enCode]. */
const ITEMS: Record<string, Array<[string, string, string, string]>> = {
  button: [
    ['b-add', 'm-supplier', '新增', 'btn_add'],
    ['b-edit', 'm-supplier', '编辑', 'btn_edit'],
    ['b-menu-add', 'm-menu', '新增', 'btn_add'],
  ],
  column: [['c-name', 'm-supplier', '供应商名称', 'supplierName']],
  form: [['f-name', 'm-supplier', '供应商名称', 'supplierName']],
  resource: [['s-dept', 'm-supplier', '本部门数据', 'ownDept']],
};

/** The Values tree of `type` (JNPF shape: held menus, and per menu its items of `type`). */
export function valuesTree(type: string): ValuesNode[] {
  const node = (m: Menu): ValuesNode => ({
    id: m.id,
    parentId: m.parentId,
    fullName: m.fullName,
    type: 2,
    category: m.category,
    children: [
      ...MENUS.filter((c) => c.parentId === m.id).map(node),
      ...(type === 'module' ? [] : (ITEMS[type] ?? []).filter((i) => i[1] === m.id).map(([id, parentId, fullName, enCode]) => ({ id, parentId, fullName, enCode }))),
    ],
  });
  return MENUS.filter((m) => m.parentId === '-1').map(node);
}

/**
 * The 工作流程 folder as the server answers it: open to every signed-in user (`signedIn`), with 待办事宜 (open too) and
 * 流程监控 (granted as usual).
 */
export function workflowMenus(): ValuesNode[] {
  return [
    {
      id: 'm-workflow',
      parentId: '-1',
      fullName: '工作流程',
      type: 1,
      category: 'Web',
      signedIn: true,
      children: [
        { id: 'm-todo', parentId: 'm-workflow', fullName: '待办事宜', type: 3, category: 'Web', signedIn: true, children: [] },
        { id: 'm-monitor', parentId: 'm-workflow', fullName: '流程监控', type: 3, category: 'Web', children: [] },
      ],
    },
  ];
}

/**
 * POST Authority/Data/{id}/Values: the tree of the asked type; object `role-gone` is refused as the server does;
 * object `role-open` also gets the 工作流程 menus (workflowMenus) in its menu tree.
 */
const values: Answer = (_m, path, body) => {
  if (path.includes('/role-gone/')) throw new Error('授权对象不存在');
  const type = (body as { type: string }).type;
  // Portals (issue 16 item 3): a flat list.
  if (type === 'portal') {
    const list = [
      { id: 'p-workbench', parentId: '0', fullName: '工作台', enCode: 'workbench' },
      { id: 'p-sales', parentId: '0', fullName: '销售看板', enCode: 'sales' },
    ];
    return { list, ids: [], all: list.map((p) => p.id) };
  }
  const open = path.includes('/role-open/') && type === 'module' ? workflowMenus() : [];
  return { list: [...open, ...valuesTree(type)], ids: open.length ? ['m-workflow', 'm-todo'] : [], all: [] };
};
/** The data access of the stories. */
export const grantData = fakeData({ '/api/permission/Authority/Data/': values });

/** A role holding 供应链 → 供应商 with its 新增 button. */
const record = { id: 'role-buyer', fullName: '采购员', grants: { module: ['m-supply', 'm-supplier'], button: ['b-add'], column: [], form: [], resource: [] } };

/** permissionTree stories (design.md §3). */
const meta = { title: 'system/permissionTree', component: FieldStory, args: { field: grantsField, data: grantData, formData: record }, excludeStories: ['grantsField', 'valuesTree', 'workflowMenus', 'grantData'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** A detail view: the boxes show the grants, disabled. */
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** The server refused the save (an item the caller does not hold): its message under the tree. */
export const Invalid: Story = { args: { serverErrors: [{ field: 'grants', label: '权限', message: '不能授予自己没有的权限' }] } };
/** The designer's canvas: a sample tree, inert. */
export const Design: Story = { args: { mode: 'design', formData: {} } };
/** A role the server does not know: the refusal is shown instead of a tree. */
export const Refused: Story = { args: { formData: { id: 'role-gone', grants: null } } };
/** A role whose tree holds menus open to every signed-in user (工作流程): checked, disabled, with the hint. */
export const OpenToAll: Story = { args: { formData: { id: 'role-open', grants: { module: [], button: [], column: [], form: [], resource: [] } } } };
