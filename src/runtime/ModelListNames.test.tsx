// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';

/**
 * Lists show names, never ids (issue 3 gap 3): org pickers, the system user/organisation fields, relationForm and
 * popupSelect columns, against the fake API's selectors, record and data-interface answers.
 */
const f = (kdKey: string, vModel: string, label: string, props: Record<string, unknown> = {}): FieldConfig => ({ __config__: { kdKey, label }, __vModel__: vModel, ...props }) as FieldConfig;
const fields = [
  f('comInput', 'orderNo', '订单号'),
  f('comSelect', 'company', '公司'),
  f('depSelect', 'dept', '部门'),
  f('posSelect', 'post', '岗位'),
  f('userSelect', 'owner', '负责人'),
  f('usersSelect', 'members', '成员', { multiple: true }),
  f('roleSelect', 'role', '角色'),
  f('groupSelect', 'grp', '分组'),
  f('relationForm', 'supplierRef', '供应商', { modelId: 'm-supplier', relationField: 'supplierName' }),
  f('popupSelect', 'material', '物料', { interfaceId: 'if-mat', propsValue: 'code', relationField: 'name' }),
  f('createUser', 'creator', '创建人'),
  f('modifyUser', 'modifier', '修改人'),
  f('currOrganize', 'org', '所属组织'),
  f('currDept', 'curDept', '所属部门'),
  f('currPosition', 'curPost', '所属岗位'),
];
const form: FormConfig = { fields };
const { compiled, registry } = compileModel(form, renderers);
const columns: ColumnConfig = {
  type: 1,
  searchList: [],
  columnList: fields.map((x) => ({ prop: x.__vModel__!, label: String(x.__config__.label), kdKey: x.__config__.kdKey, width: 100 })),
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
  btnsList: [],
  columnBtnsList: [],
} as ColumnConfig;

const row = {
  id: 'o1',
  orderNo: 'PO-1',
  company: 'com-0001',
  dept: 'dep-0001',
  post: 'pos-0001',
  owner: 'usr-0001',
  members: ['usr-0001', 'usr-0002'],
  role: 'rol-0001',
  grp: 'grp-0001',
  supplierRef: 'sup-0001',
  material: 'MAT-0001',
  creator: 'usr-0002',
  modifier: 'usr-0001',
  org: 'com-0001',
  curDept: 'dep-0001',
  curPost: 'pos-0001',
};
const IDS = ['com-0001', 'dep-0001', 'pos-0001', 'usr-0001', 'usr-0002', 'rol-0001', 'grp-0001', 'sup-0001', 'MAT-0001'];

const api = fakeApiLifecycle();

const cellText = (col: string) => (document.querySelector(`.ag-row[row-id="o1"] .ag-cell[col-id="${col}"]`) as HTMLElement | null)?.textContent ?? '';

describe('list cells show names (issue 3: org pickers shown by name in lists)', () => {
  it('org pickers, system fields, relationForm and popupSelect columns show names, not ids', async () => {
    api.on('POST /api/visualdev/OnlineDev/m-order/List', ok({ list: [row], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    api.on('GET /api/permission/Organize/Selector/0', ok({ list: [{ id: 'com-0001', fullName: '凯迪集团', type: 'company' }] }));
    api.on('GET /api/permission/Organize/Department/Selector/0', ok({ list: [{ id: 'com-0001', fullName: '凯迪集团', type: 'company', children: [{ id: 'dep-0001', fullName: '采购部', type: 'department' }] }] }));
    api.on('GET /api/permission/Position/Selector', ok({ list: [{ id: 'dep-0001', fullName: '采购部', type: 'department', children: [{ id: 'pos-0001', fullName: '采购经理', type: 'position' }] }] }));
    api.on('GET /api/permission/Users/Selector', ok({ list: [{ id: 'dep-0001', fullName: '采购部', type: 'department', children: [{ id: 'usr-0001', fullName: '张三', type: 'user' }, { id: 'usr-0002', fullName: '李四', type: 'user' }] }] }));
    api.on('GET /api/permission/Role/Selector', ok({ list: [{ id: 'rol-0001', fullName: '审核员', type: 'role' }] }));
    api.on('GET /api/permission/Group/Selector', ok({ list: [{ id: 'grp-0001', fullName: '华东片区', type: 'group' }] }));
    api.on('GET /api/visualdev/OnlineDev/m-supplier/sup-0001', ok({ id: 'sup-0001', supplierName: '宁波面料' }));
    api.on('POST /api/system/DataInterface/if-mat/Actions/Info', ok({ code: 'MAT-0001', name: '拉链' }));
    render(
      <TestShell>
        <ModelList moduleId="m-order" columnData={columns} compiled={compiled} registry={registry} can={() => true} />
      </TestShell>,
    );
    await screen.findByText('PO-1');
    const expected: Record<string, string> = {
      company: '凯迪集团',
      dept: '采购部',
      post: '采购经理',
      owner: '张三',
      members: '张三,李四',
      role: '审核员',
      grp: '华东片区',
      supplierRef: '宁波面料',
      material: '拉链',
      creator: '李四',
      modifier: '张三',
      org: '凯迪集团',
      curDept: '采购部',
      curPost: '采购经理',
    };
    await waitFor(() => expect(Object.fromEntries(Object.keys(expected).map((k) => [k, cellText(k)]))).toEqual(expected));
    const grid = document.querySelector('.kd-list-grid')?.textContent ?? '';
    for (const id of IDS) expect(grid).not.toContain(id);
  });
});
