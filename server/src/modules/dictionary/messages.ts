import { failWith, type MessageTable } from './localized-error';

/** Dictionary messages (spec 001 §5 'X cannot be empty', code rule; §7 Dictionary types / data). */
const table: MessageTable<
  | 'typeNotFound'
  | 'dataNotFound'
  | 'required'
  | 'codeRule'
  | 'typeCodeExists'
  | 'dataCodeExists'
  | 'parentTypeNotFound'
  | 'parentDataNotFound'
  | 'parentCycle'
  | 'typeHasChildren'
  | 'dataHasChildren'
> = {
  zh: {
    typeNotFound: '字典分类不存在',
    dataNotFound: '字典数据不存在',
    required: '{field}不能为空',
    codeRule: '{field}只能输入英文、数字和小数点且小数点不能放在首尾',
    typeCodeExists: '字典分类编码已存在：{code}',
    dataCodeExists: '该分类下已存在编码为 {code} 的字典数据',
    parentTypeNotFound: '上级分类不存在',
    parentDataNotFound: '上级数据不存在或不属于该分类',
    parentCycle: '上级不能是自己或自己的下级',
    typeHasChildren: '该字典分类下还有子分类，请先删除子分类',
    dataHasChildren: '该字典数据下还有子数据，请先删除子数据',
  },
  en: {
    typeNotFound: 'No such dictionary type',
    dataNotFound: 'No such dictionary item',
    required: '{field} cannot be empty',
    codeRule: '{field} may contain only letters, digits and dots, with no dot at the start or end',
    typeCodeExists: 'The dictionary type code already exists: {code}',
    dataCodeExists: 'This dictionary already has an item with code {code}',
    parentTypeNotFound: 'The parent type does not exist',
    parentDataNotFound: 'The parent item does not exist in this dictionary',
    parentCycle: 'The parent cannot be the item itself or one of its descendants',
    typeHasChildren: 'This dictionary type still has child types; delete them first',
    dataHasChildren: 'This dictionary item still has child items; delete them first',
  },
};

/** Field labels used in messages, by language. */
export const FIELD = {
  fullName: { zh: '名称', en: 'Name' },
  enCode: { zh: '编码', en: 'Code' },
  dictionaryTypeId: { zh: '所属分类', en: 'Dictionary type' },
} as const;

/** `fail(code, key, vars, data)`: a LocalizedError from the dictionary table. */
export const fail = failWith(table, 'dictionary');

/** Code rule of spec 001 §5: English letters, digits and dots, no dot at start or end. */
export const CODE_PATTERN = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/;

/** Checks fullName and enCode of a type or item (spec 001 §5). Throws 400 naming the field in `data.field`. */
export function checkNameAndCode(b: { fullName?: string; enCode?: string }): void {
  if (!b.fullName?.trim()) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!b.enCode?.trim()) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(b.enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
}
