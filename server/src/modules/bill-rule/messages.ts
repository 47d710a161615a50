import { failWith, type MessageTable } from '../dictionary/localized-error';

/** Bill-rule messages (spec 001 §5 'X cannot be empty', code rule; §7 Bill rule). */
const table: MessageTable<
  'notFound' | 'ruleNotFound' | 'disabled' | 'codeExists' | 'required' | 'codeRule' | 'dateFormat' | 'digit' | 'startNumber' | 'generateFailed'
> = {
  zh: {
    notFound: '单据规则不存在',
    ruleNotFound: '单据规则不存在：{code}',
    disabled: '单据规则已停用：{name}（{code}）',
    codeExists: '规则编码已存在：{code}',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    dateFormat: '日期格式只能是 YYYY、YYYYMM、YYYYMMDD 或空',
    digit: '流水位数必须是 1 到 9 的整数',
    startNumber: '流水起始必须是不超过 {digit} 位的非负整数',
    generateFailed: '单据编号生成失败：{code}',
  },
  en: {
    notFound: 'No such bill rule',
    ruleNotFound: 'No such bill rule: {code}',
    disabled: 'The bill rule is disabled: {name} ({code})',
    codeExists: 'The rule code already exists: {code}',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    dateFormat: 'The date format must be YYYY, YYYYMM, YYYYMMDD or empty',
    digit: 'Digits must be a whole number from 1 to 9',
    startNumber: 'The start number must be a non-negative whole number of at most {digit} digits',
    generateFailed: 'Could not generate a bill number: {code}',
  },
};

/** Field labels used in messages, by language. */
export const FIELD = { fullName: { zh: '规则名称', en: 'Rule name' }, enCode: { zh: '规则编码', en: 'Rule code' } } as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the bill-rule table. */
export const fail = failWith(table, 'billRule');
