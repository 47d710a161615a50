import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'required'
  | 'codeExists'
  | 'accountExists'
  | 'orgNotFound'
  | 'deptNotFound'
  | 'positionNotFound'
  | 'roleNotFound'
  | 'userNotFound'
  | 'groupNotFound'
  | 'parentNotFound'
  | 'parentCycle'
  | 'companyUnderDepartment'
  | 'departmentAtRoot'
  | 'orgHasChildren'
  | 'orgHasPositions'
  | 'orgHasUsers'
  | 'orgHasRoles'
  | 'hasMembers'
  | 'hasGrants'
  | 'cannotDeleteSelf'
  | 'cannotDisableSelf'
  | 'lastAdministrator'
  | 'managerNotFound'
  | 'managerCycle'
  | 'passwordMismatch'
  | 'unknownName'
  | 'ambiguousName'
  | 'badOption'
  | 'accountInFile'
  | 'tooLong'
  | 'outsideOrgScope';

/** Organisation messages (spec 001 §5 'X cannot be empty'; reference/permissions.md §1 delete refusals). */
const table: MessageTable<Key> = {
  zh: {
    required: '{field}不能为空',
    codeExists: '编码已存在：{code}',
    accountExists: '账户已存在：{account}',
    orgNotFound: '组织不存在',
    deptNotFound: '部门不存在',
    positionNotFound: '岗位不存在',
    roleNotFound: '角色不存在',
    userNotFound: '用户不存在',
    groupNotFound: '分组不存在',
    parentNotFound: '上级组织不存在',
    parentCycle: '上级不能是自己或自己的下级',
    companyUnderDepartment: '公司的上级不能是部门',
    departmentAtRoot: '部门必须属于一个公司或部门',
    orgHasChildren: '该组织下还有 {count} 个下级组织，请先删除下级组织',
    orgHasPositions: '该组织下还有 {count} 个岗位，请先删除岗位',
    orgHasUsers: '该组织下还有 {count} 个用户，请先移除用户',
    orgHasRoles: '该组织还绑定了 {count} 个角色，请先解除绑定',
    hasMembers: '{what}下还有 {count} 个用户，请先移除成员',
    hasGrants: '{what}还有 {count} 项授权，请先取消授权',
    cannotDeleteSelf: '不能删除自己的账户',
    cannotDisableSelf: '不能禁用自己的账户',
    lastAdministrator: '至少要保留一个启用的管理员',
    outsideOrgScope: '没有权限操作该数据',
    managerNotFound: '直属主管不存在',
    managerCycle: '直属主管不能是自己或自己的下属',
    passwordMismatch: '两次输入的密码不一致',
    unknownName: '{what}不存在：{name}',
    ambiguousName: '{what}名称不唯一：{name}',
    badOption: '无效的值：{value}（可填：{options}）',
    accountInFile: '账户与第{row}行重复：{account}',
    tooLong: '{field}不能超过{max}个字符',
  },
  en: {
    required: '{field} cannot be empty',
    codeExists: 'The code already exists: {code}',
    accountExists: 'The account already exists: {account}',
    orgNotFound: 'No such organisation',
    deptNotFound: 'No such department',
    positionNotFound: 'No such position',
    roleNotFound: 'No such role',
    userNotFound: 'No such user',
    groupNotFound: 'No such user group',
    parentNotFound: 'The parent organisation does not exist',
    parentCycle: 'The parent cannot be the node itself or one of its descendants',
    companyUnderDepartment: 'A company cannot belong to a department',
    departmentAtRoot: 'A department must belong to a company or a department',
    orgHasChildren: 'This organisation still has {count} child organisations; delete them first',
    orgHasChildren_one: 'This organisation still has {count} child organisation; delete it first',
    orgHasPositions: 'This organisation still has {count} positions; delete them first',
    orgHasPositions_one: 'This organisation still has {count} position; delete it first',
    orgHasUsers: 'This organisation still has {count} users; move them first',
    orgHasUsers_one: 'This organisation still has {count} user; move them first',
    orgHasRoles: 'This organisation is still bound to {count} roles; unbind them first',
    orgHasRoles_one: 'This organisation is still bound to {count} role; unbind it first',
    hasMembers: '{what} still has {count} members; remove them first',
    hasMembers_one: '{what} still has {count} member; remove them first',
    hasGrants: '{what} still holds {count} grants; revoke them first',
    hasGrants_one: '{what} still holds {count} grant; revoke it first',
    cannotDeleteSelf: 'You cannot delete your own account',
    cannotDisableSelf: 'You cannot disable your own account',
    lastAdministrator: 'At least one enabled administrator must remain',
    outsideOrgScope: 'You may not change data of this organisation',
    managerNotFound: 'The manager does not exist',
    managerCycle: 'The manager cannot be the user or one of their subordinates',
    passwordMismatch: 'The two passwords differ',
    unknownName: '{what} not found: {name}',
    ambiguousName: 'More than one {what} is named {name}',
    badOption: 'Invalid value: {value} (use one of: {options})',
    accountInFile: 'The account repeats row {row}: {account}',
    tooLong: '{field} cannot be longer than {max} characters',
  },
};

/** `fail(code, key, vars)`: a LocalizedError from the organisation table. */
export const fail = failWith(table, 'organization');

/** Field and object labels used in messages, by language. */
export const LABEL = {
  fullName: { zh: '名称', en: 'Name' },
  enCode: { zh: '编码', en: 'Code' },
  account: { zh: '账户', en: 'Account' },
  realName: { zh: '姓名', en: 'Name' },
  password: { zh: '密码', en: 'Password' },
  organizeId: { zh: '所属组织', en: 'Organisation' },
  position: { zh: '该岗位', en: 'This position' },
  role: { zh: '该角色', en: 'This role' },
  group: { zh: '该分组', en: 'This group' },
  user: { zh: '该用户', en: 'This user' },
  organize: { zh: '组织', en: 'organisation' },
  positionName: { zh: '岗位', en: 'position' },
  roleName: { zh: '角色', en: 'role' },
  mobilePhone: { zh: '手机', en: 'Mobile' },
  email: { zh: '邮箱', en: 'Email' },
} as const;
