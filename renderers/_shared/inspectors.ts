import type { JSONSchema7 } from 'json-schema';

/**
 * Reusable pieces of inspector schemas (design.md §3: the designer's property panel is generated from them).
 * Pure data: safe on the server.
 */

/** Common props of input-like widgets. */
export const commonProps: Record<string, JSONSchema7> = {
  placeholder: { type: 'string', title: '占位提示' },
  clearable: { type: 'boolean', title: '能否清空' },
  readonly: { type: 'boolean', title: '是否只读' },
  disabled: { type: 'boolean', title: '是否禁用' },
};

/** Option source of option widgets: `__config__.dataType/dictionaryType/propsUrl` and `__slot__.options` (spec 001 §3). */
export const optionSourceProps: Record<string, JSONSchema7> = {
  __config__: {
    type: 'object',
    title: '数据来源',
    properties: {
      dataType: { type: 'string', title: '数据类型', enum: ['static', 'dictionary', 'dynamic'], default: 'static' },
      dictionaryType: { type: 'string', title: '数据字典' },
      propsUrl: { type: 'string', title: '远端数据（数据接口）' },
    },
  },
  __slot__: {
    type: 'object',
    title: '选项',
    properties: {
      options: {
        type: 'array',
        title: '选项',
        items: { type: 'object', required: ['id', 'fullName'], properties: { id: { type: 'string', title: '选项值' }, fullName: { type: 'string', title: '选项名' } } },
      },
    },
  },
};

/** Builds an inspector schema from property entries. */
export function inspectorOf(...parts: Record<string, JSONSchema7>[]): JSONSchema7 {
  return { type: 'object', properties: Object.assign({}, ...parts) };
}

/** The two default static options JNPF's designer drops (选项一, 选项二). */
export const defaultOptions = [
  { id: '1', fullName: '选项一' },
  { id: '2', fullName: '选项二' },
];
