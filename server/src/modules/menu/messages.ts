import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'menuHasChildren'
  | 'menuHasGrants'
  | 'menuParentMissing'
  | 'menuParentLoop'
  | 'menuNotModel'
  | 'menuReportMissing'
  | 'menuPortalMissing'
  | 'enCodeTaken'
  | 'schemeShape'
  | 'schemeField'
  | 'schemeOperator'
  | 'schemeVariable'
  | 'schemeValue'
  | 'allDataExists'
  | 'fillOk'
  | 'grantNotHeld'
  | 'grantObjectMissing'
  | 'explainUserMissing';

/** Messages of menu management and grants (issue 12 items 2–3, 5). */
export const menuMessages: MessageTable<Key> = {
  zh: {
    menuHasChildren: '该菜单下还有子菜单，不能删除',
    menuHasGrants: '该菜单已被授权，请先取消授权再删除',
    menuParentMissing: '上级菜单不存在',
    menuParentLoop: '上级菜单不能是自己或自己的下级',
    menuNotModel: '该菜单未绑定在线表单',
    menuReportMissing: '请选择存在的数据报表',
    menuPortalMissing: '请选择存在的门户',
    enCodeTaken: '编码{enCode}已存在',
    schemeShape: '数据权限方案条件格式错误：{detail}',
    schemeField: '数据权限方案条件字段不存在：{detail}',
    schemeOperator: '数据权限方案条件符号不支持：{detail}',
    schemeVariable: '数据权限方案条件变量不支持：{detail}',
    schemeValue: '数据权限方案条件值不能为空：{detail}',
    allDataExists: '该菜单已有“全部数据”方案',
    fillOk: '已从表单生成：按钮{buttons}个，列表{columns}个，表单{forms}个，数据字段{fields}个',
    grantNotHeld: '不能授予自己没有的权限：{detail}',
    grantObjectMissing: '授权对象不存在',
    explainUserMissing: '用户不存在',
  },
  en: {
    menuHasChildren: 'This menu still has sub-menus and cannot be deleted',
    menuHasGrants: 'This menu is granted; revoke its grants before deleting it',
    menuParentMissing: 'The parent menu does not exist',
    menuParentLoop: 'A menu cannot be its own parent or sit below itself',
    menuNotModel: 'This menu is not bound to an online form',
    menuReportMissing: 'Choose an existing data report',
    menuPortalMissing: 'Choose an existing portal',
    enCodeTaken: 'The code {enCode} already exists',
    schemeShape: 'Malformed data scheme condition: {detail}',
    schemeField: 'Unknown field in data scheme condition: {detail}',
    schemeOperator: 'Unsupported operator in data scheme condition: {detail}',
    schemeVariable: 'Unknown variable in data scheme condition: {detail}',
    schemeValue: 'Empty value in data scheme condition: {detail}',
    allDataExists: 'This menu already has an "all data" scheme',
    fillOk: 'Filled from the form: {buttons} buttons, {columns} columns, {forms} form fields, {fields} data fields',
    grantNotHeld: 'You cannot grant what you do not hold: {detail}',
    grantObjectMissing: 'The grant holder does not exist',
    explainUserMissing: 'The user does not exist',
  },
};

/** `menuFail(code, key, vars, data)`: a localized ApiError of menus and grants. */
export const menuFail = failWith(menuMessages);

/** A message of this table in `lang` (zh/tw → zh, en/mas → en). */
export function menuText(key: Key, vars: Record<string, string | number>, lang: string): string {
  const which = lang === 'en' || lang === 'mas' ? 'en' : 'zh';
  return menuMessages[which][key].replace(/\{(\w+)\}/g, (m, n: string) => (n in vars ? String(vars[n]) : m));
}
