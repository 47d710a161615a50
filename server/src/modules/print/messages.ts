import { failWith, type MessageTable } from '../dictionary/localized-error';

type Key =
  | 'notFound'
  | 'required'
  | 'codeRule'
  | 'codeExists'
  | 'nameExists'
  | 'badJson'
  | 'paper'
  | 'paperSize'
  | 'margin'
  | 'template'
  | 'render'
  | 'model'
  | 'sqlRequired'
  | 'batchEmpty'
  | 'batchTooMany'
  | 'pdfFailed'
  | 'disabled';

/** Print-template messages (issue 16 item 1; spec 001 §7), zh and en (tw derived from zh, mas falls back to en). */
const table: MessageTable<Key> = {
  zh: {
    notFound: '打印模板不存在',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    codeExists: '模板编码已存在：{code}',
    nameExists: '模板名称已存在：{name}',
    badJson: '{field}不是有效的 JSON',
    paper: '纸张只能是 A3、A4、A5、B5 或自定义',
    paperSize: '自定义纸张的宽度和高度必须大于 0（毫米）',
    margin: '页边距必须不小于 0 且小于纸张尺寸',
    template: '模板语法错误：{detail}',
    render: '模板填充失败：{detail}',
    model: '绑定的模型不存在：{id}',
    sqlRequired: '请至少填写一条数据集 SQL',
    batchEmpty: '请选择要打印的记录',
    batchTooMany: '一次最多打印 {max} 条记录（当前 {count} 条），请分批打印',
    pdfFailed: '生成 PDF 失败：{detail}',
    disabled: '打印模板已停用：{name}',
  },
  en: {
    notFound: 'No such print template',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    codeExists: 'The template code already exists: {code}',
    nameExists: 'The template name already exists: {name}',
    badJson: '{field} is not valid JSON',
    paper: 'The paper must be A3, A4, A5, B5 or custom',
    paperSize: 'A custom paper needs a width and a height greater than 0 (mm)',
    margin: 'Margins must be at least 0 and smaller than the paper',
    template: 'Template syntax error: {detail}',
    render: 'The template could not be filled: {detail}',
    model: 'The bound model does not exist: {id}',
    sqlRequired: 'Enter at least one dataset SQL',
    batchEmpty: 'Choose the records to print',
    batchTooMany: 'At most {max} records print at once ({count} chosen); print them in batches',
    pdfFailed: 'The PDF could not be made: {detail}',
    disabled: 'The print template is disabled: {name}',
  },
};

/** Field labels used in messages. */
export const FIELD = {
  fullName: { zh: '模板名称', en: 'Template name' },
  enCode: { zh: '模板编码', en: 'Template code' },
  sqlTemplate: { zh: '数据集', en: 'Datasets' },
  pageParam: { zh: '页面设置', en: 'Page setup' },
  formId: { zh: '记录', en: 'Record' },
} as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the print-template table. */
export const fail = failWith(table, 'printDev');
