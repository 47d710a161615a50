import type { Meta, StoryObj } from '@storybook/react-vite';
import type { KdData } from '../_shared/KdDataContext';
import { fakeData } from '../_shared/fakeData';
import { FieldStory } from '../_shared/FieldStory';
import { valuesTree } from '../permission-tree/PermissionTree.stories';
import def from './definition';
import type { ExplainAnswer } from './PermissionExplain';

const user = { id: 'user-buyer', account: 'buyer', realName: '王采购', isAdministrator: false };

/** What the server explains per menu for 王采购: 供应商 through a role and a position, 菜单管理 not at all. */
function explain(q: URLSearchParams): ExplainAnswer {
  if (q.get('userId') === 'user-gone') throw new Error('用户不存在');
  if (q.get('menuId') !== 'm-supplier') return { user, menu: { id: String(q.get('menuId')), fullName: '菜单管理', type: 2, enabled: true, modelId: null }, allowed: false, sources: [], readFields: null, writeFields: null, rowFilter: null };
  const recordId = q.get('recordId');
  return {
    user,
    menu: { id: 'm-supplier', fullName: '供应商', type: 3, enabled: true, modelId: 'vd-supplier' },
    allowed: true,
    sources: [
      { objectType: 'Role', objectId: 'role-buyer', name: '采购员', menu: true, button: ['btn_add', 'btn_edit'], column: [], form: [], resource: ['本部门数据'] },
      { objectType: 'Position', objectId: 'pos-buyer', name: '采购岗', menu: false, button: ['btn_download'], column: [], form: [], resource: [] },
    ],
    readFields: null,
    writeFields: null,
    rowFilter: { text: '(所属部门 属于 当前组织)', sql: 'select "id" from "kd_supplier" where ("dept" in ($1))', parameters: ['org-purchasing'] },
    ...(recordId ? { record: { id: recordId, exists: recordId !== 'nope', passes: recordId === 'sup-1' } } : {}),
  };
}

const base = fakeData({ '/api/permission/Authority/Data/': () => ({ list: valuesTree('module'), ids: [], all: [] }) });
/** The stories' data access: the Values menus, and Explain answered from its query. */
export const explainData: KdData = {
  ...base,
  async request(method, path, body) {
    if (path.startsWith('/api/permission/Authority/Explain?')) return explain(new URLSearchParams(path.split('?')[1]));
    return base.request(method, path, body);
  },
};

/** permissionExplain stories (design.md §3). */
const meta = {
  title: 'system/permissionExplain',
  component: FieldStory,
  args: { field: def.scaffold, data: explainData, formData: { id: 'user-buyer', account: 'buyer', realName: '王采购' } },
  excludeStories: ['explainData'],
} satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** A detail view: the explainer still asks (it changes nothing). */
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** A user the server does not know: its refusal is shown. */
export const Invalid: Story = { args: { formData: { id: 'user-gone' } } };
export const Design: Story = { args: { mode: 'design' } };
