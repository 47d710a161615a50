import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'notFound'
  | 'disabled'
  | 'codeExists'
  | 'required'
  | 'codeRule'
  | 'badJson'
  | 'sqlEmpty'
  | 'sqlMultiple'
  | 'sqlNotSelect'
  | 'sqlProtected'
  | 'sqlFunction'
  | 'sqlSyntax'
  | 'tooLarge'
  | 'grantTarget'
  | 'sqlFailed'
  | 'urlScheme'
  | 'urlBad'
  | 'urlBlocked'
  | 'httpFailed'
  | 'httpTimeout'
  | 'httpTooLarge'
  | 'sourceType'
  | 'sourceField';

/** Data-interface messages (issue 4 item 7), zh and en (tw derived from zh, mas falls back to en; issue 24 item 3). */
const table: MessageTable<Key> = {
  zh: {
    notFound: '数据接口不存在',
    disabled: '数据接口已停用：{name}',
    codeExists: '接口编码已存在：{code}',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    badJson: '静态数据不是有效的 JSON',
    sqlEmpty: 'SQL 语句不能为空',
    sqlMultiple: 'SQL 只能包含一条语句',
    sqlNotSelect: 'SQL 只能是查询语句（SELECT / WITH）',
    sqlProtected: 'SQL 不能访问 {name}',
    sqlFunction: 'SQL 不能调用函数 {name}',
    sqlSyntax: 'SQL 语法错误：{detail}',
    tooLarge: '数据接口返回数据过大（超过 {size}），请缩小查询范围',
    grantTarget: '{field}不存在：{id}',
    sqlFailed: 'SQL 执行失败：{detail}',
    urlScheme: '接口地址只能使用 http 或 https',
    urlBad: '接口地址格式不正确',
    urlBlocked: '接口地址不允许访问：{host}',
    httpFailed: '外部接口请求失败：{detail}',
    httpTimeout: '外部接口请求超时（{seconds} 秒）',
    httpTooLarge: '外部接口返回数据过大（超过 {size}）',
    sourceType: '数据源类型不正确',
    sourceField: '字段{field}不能用于{what}',
  },
  en: {
    notFound: 'No such data interface',
    disabled: 'The data interface is disabled: {name}',
    codeExists: 'The interface code already exists: {code}',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    badJson: 'The static data is not valid JSON',
    sqlEmpty: 'The SQL statement cannot be empty',
    sqlMultiple: 'The SQL may contain one statement only',
    sqlNotSelect: 'The SQL must be a query (SELECT / WITH)',
    sqlProtected: 'The SQL may not use {name}',
    sqlFunction: 'The SQL may not call the function {name}',
    sqlSyntax: 'SQL syntax error: {detail}',
    tooLarge: 'The data interface answered too much data (over {size}); narrow the query',
    grantTarget: '{field} does not exist: {id}',
    sqlFailed: 'The SQL failed: {detail}',
    urlScheme: 'The interface URL must use http or https',
    urlBad: 'The interface URL is malformed',
    urlBlocked: 'The interface URL is not allowed: {host}',
    httpFailed: 'The external interface failed: {detail}',
    httpTimeout: 'The external interface timed out ({seconds} s)',
    httpTooLarge: 'The external interface answered too much data (over {size})',
    sourceType: 'Unknown data-source type',
    sourceField: 'Field {field} cannot be used for {what}',
  },
};

/** Field labels used in messages. */
export const FIELD = {
  fullName: { zh: '接口名称', en: 'Interface name' },
  enCode: { zh: '接口编码', en: 'Interface code' },
  query: { zh: 'SQL 语句', en: 'SQL statement' },
  path: { zh: '接口地址', en: 'Interface URL' },
  content: { zh: '数据源内容', en: 'Source content' },
} as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the data-interface table. */
export const fail = failWith(table, 'dataInterface');
