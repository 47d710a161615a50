import { fakeData } from './fakeData';

/** Canned selector trees (spec 001 §3 tree items: id, fullName, type, children) for picker stories and tests. */
export const orgData = fakeData({
  '/api/permission/Organize/Selector/0': { list: [{ id: 'c1', fullName: '凯迪集团', type: 'company', children: [{ id: 'c2', fullName: '凯迪华东公司', type: 'company' }] }] },
  '/api/permission/Organize/Department/Selector/0': {
    list: [{ id: 'c1', fullName: '凯迪集团', type: 'company', children: [{ id: 'd1', fullName: '采购部', type: 'department' }, { id: 'd2', fullName: '质检部', type: 'department' }] }],
  },
  '/api/permission/Position/Selector': { list: [{ id: 'd1', fullName: '采购部', type: 'department', children: [{ id: 'p1', fullName: '采购经理', type: 'position' }, { id: 'p2', fullName: '采购专员', type: 'position' }] }] },
  '/api/permission/Users/Selector': {
    list: [{ id: 'd1', fullName: '采购部', type: 'department', children: [{ id: 'u1', fullName: '张三', type: 'user' }, { id: 'u2', fullName: '李四', type: 'user' }] }],
  },
  '/api/permission/Role/Selector': { list: [{ id: 'g', fullName: '全局', type: 'category', children: [{ id: 'r1', fullName: '管理员', type: 'role' }, { id: 'r2', fullName: '审核员', type: 'role' }] }] },
  '/api/permission/Group/Selector': { list: [{ id: 'g1', fullName: '华东片区', type: 'group' }, { id: 'g2', fullName: '华南片区', type: 'group' }] },
});
