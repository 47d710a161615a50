import { parseLang, translate } from '../../i18n';
import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'tableTaken'
  | 'typeChangeLosesData'
  | 'modelInvalid'
  | 'unknownKdKey'
  | 'badIdentifier'
  | 'sqlKeyword'
  | 'reservedName'
  | 'duplicateField'
  | 'tooManyFields'
  | 'fileTooLarge'
  | 'notJson'
  | 'enCodeExists'
  | 'searchNotAllowed'
  | 'searchValueInvalid'
  | 'treeFieldNotAllowed'
  | 'pageSizeTooLarge'
  | 'deletedKeepData'
  | 'deletedPurged'
  | 'noFile'
  | 'notXlsx'
  | 'tooManyRows'
  | 'unpackedTooLarge'
  | 'noImportColumns'
  | 'importFailed'
  | 'importOk'
  | 'exportTooLarge'
  | 'unknownColumn'
  | 'optionNotFound'
  | 'badDate'
  | 'badNumber'
  | 'badBoolean'
  | 'userNotFound'
  | 'idsRequired'
  | 'batchDeleteOk'
  | 'copyOk'
  | 'adminOnly'
  | 'tableReserved'
  | 'outOfScope';

/** Online development messages (spec 001 §7 Visual dev; issue 4). */
const table: MessageTable<Key> = {
  zh: {
    tableTaken: '数据表{table}已被占用，不能绑定到此模型',
    typeChangeLosesData: '字段{label}（{field}）已有数据，不能从{from}类型改为{to}类型',
    modelInvalid: '模型文件格式不正确：{path} {detail}',
    unknownKdKey: '模型文件格式不正确：{path} 未知的控件类型 {kdKey}',
    badIdentifier: '模型文件格式不正确：{path} 名称 {name} 不合法（只能包含字母、数字和下划线，且不能以数字开头）',
    sqlKeyword: '模型文件格式不正确：{path} 字段名 {name} 是SQL关键字',
    reservedName: '模型文件格式不正确：{path} 字段名 {name} 为系统保留',
    duplicateField: '模型文件格式不正确：{path} 字段 {name} 重复',
    tooManyFields: '模型文件格式不正确：字段数量超过{max}个',
    fileTooLarge: '文件大小超过{size}',
    notJson: '模型文件不是有效的JSON',
    enCodeExists: '编码{enCode}已存在',
    searchNotAllowed: '不能按字段{field}查询',
    searchValueInvalid: '字段{field}的查询值不正确',
    treeFieldNotAllowed: '不能按字段{field}筛选',
    pageSizeTooLarge: '每页条数不能超过{max}',
    deletedKeepData: '删除成功，数据表{tables}已保留',
    deletedPurged: '删除成功，数据表{tables}已删除',
    noFile: '请选择要导入的文件',
    notXlsx: '只能导入.xlsx格式的Excel文件',
    tooManyRows: '导入数据不能超过{max}行',
    unpackedTooLarge: '文件解压后超过{size}，请拆分后导入',
    noImportColumns: '表头与模板不符，未找到可导入的列',
    importFailed: '导入失败：共{count}处错误，未导入任何数据',
    importOk: '导入成功，共{count}条数据',
    exportTooLarge: '导出数据超过{max}行，请缩小查询范围',
    unknownColumn: '表头{header}不是可导入的字段',
    optionNotFound: '{label}的值{value}不在可选范围内',
    badDate: '{label}的日期{value}格式不正确',
    badNumber: '{label}的值{value}不是数字',
    badBoolean: '{label}的值{value}应为是或否',
    userNotFound: '{label}的用户{value}不存在',
    idsRequired: '请选择要删除的数据',
    batchDeleteOk: '删除成功，共{count}条',
    copyOk: '复制成功',
    adminOnly: '只有管理员可以修改系统参数',
    tableReserved: '数据表{table}是系统保留的表（PostgreSQL系统表或平台表），不能用作模型表：{path}',
    outOfScope: '保存后的数据不在您的数据权限范围内，未保存',
  },
  en: {
    tableTaken: 'Table {table} is already in use and cannot be bound to this model',
    typeChangeLosesData: 'Field {label} ({field}) holds data; its type cannot change from {from} to {to}',
    modelInvalid: 'Malformed model file: {path} {detail}',
    unknownKdKey: 'Malformed model file: {path} unknown widget type {kdKey}',
    badIdentifier: 'Malformed model file: {path} name {name} is not allowed (letters, digits and underscores, not starting with a digit)',
    sqlKeyword: 'Malformed model file: {path} field name {name} is an SQL key word',
    reservedName: 'Malformed model file: {path} field name {name} is reserved by the system',
    duplicateField: 'Malformed model file: {path} field {name} appears twice',
    tooManyFields: 'Malformed model file: more than {max} fields',
    fileTooLarge: 'The file is larger than {size}',
    notJson: 'The model file is not valid JSON',
    enCodeExists: 'The code {enCode} already exists',
    searchNotAllowed: 'Cannot search by {field}',
    searchValueInvalid: 'The search value of {field} is invalid',
    treeFieldNotAllowed: 'Cannot filter by {field}',
    pageSizeTooLarge: 'The page size cannot exceed {max}',
    deletedKeepData: 'Deleted; the data tables {tables} were kept',
    deletedPurged: 'Deleted; the data tables {tables} were dropped',
    noFile: 'Choose a file to import',
    notXlsx: 'Only .xlsx Excel files can be imported',
    tooManyRows: 'An import may have at most {max} rows',
    unpackedTooLarge: 'The file unpacks to more than {size}; split it and import the parts',
    noImportColumns: 'The header does not match the template: no importable column found',
    importFailed: 'Import failed: {count} errors, nothing was imported',
    importFailed_one: 'Import failed: {count} error, nothing was imported',
    importOk: 'Imported {count} records',
    importOk_one: 'Imported {count} record',
    exportTooLarge: 'More than {max} rows to export; narrow the query',
    unknownColumn: 'Header {header} is not an importable field',
    optionNotFound: '{label}: {value} is not one of the options',
    badDate: '{label}: {value} is not a valid date',
    badNumber: '{label}: {value} is not a number',
    badBoolean: '{label}: {value} should be 是 or 否',
    userNotFound: '{label}: no user {value}',
    idsRequired: 'Choose the records to delete',
    batchDeleteOk: 'Deleted {count} records',
    batchDeleteOk_one: 'Deleted {count} record',
    copyOk: 'Copied',
    adminOnly: 'Only administrators may change system parameters',
    tableReserved: 'Table {table} is reserved (a PostgreSQL system table or a platform table) and cannot be a model table: {path}',
    outOfScope: 'The record would lie outside the data you may see; it was not saved',
  },
  mas: {
    /** The designer shows the same words before sending (designer/form/strings fd.shapeInvalid). */
    modelInvalid: 'Fail model tidak sah: {path} {detail}',
  },
};

/** `fail(code, key, vars, data)`: a localized ApiError from the online development table. */
export const fail = failWith(table, 'visualdev');

/** The text of a message in `lang` (zh | en | tw | mas or a tag; else zh), e.g. per-row import errors, which travel in data. */
export function text(key: Key, vars: Record<string, string | number>, lang: string): string {
  return translate(parseLang(lang) ?? 'zh', 'visualdev', key, vars);
}
