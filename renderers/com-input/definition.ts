import { defineRenderer } from '../../src/engine/renderer';

/** comInput: single-line text (spec 001 §3). Value: string; `maxlength` bounds its length. */
export default defineRenderer({
  kdKey: 'comInput',
  label: '单行输入',
  icon: 'FormOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'comInput', label: '单行输入', tag: 'el-input', required: false, regList: [], span: 24, layout: 'colFormItem' },
    __vModel__: '',
    clearable: true,
    maxlength: null,
    readonly: false,
    disabled: false,
  },
  inspector: {
    type: 'object',
    properties: {
      placeholder: { type: 'string', title: '占位提示' },
      maxlength: { type: ['integer', 'null'], title: '最多输入', minimum: 1 },
      clearable: { type: 'boolean', title: '能否清空' },
      readonly: { type: 'boolean', title: '是否只读' },
      disabled: { type: 'boolean', title: '是否禁用' },
    },
  },
  toSchema: (field) => ({
    type: 'string',
    ...(typeof field.maxlength === 'number' ? { maxLength: field.maxlength } : {}),
  }),
  toColumn: (field) => ({ field: field.__vModel__, headerName: field.__config__.label, sortable: true }),
  component: () => import('./ComInput'),
});
