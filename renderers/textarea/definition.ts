import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';

/** textarea: multi-line text (spec 001 §3). Value: string, at most `maxlength` characters. */
export default defineRenderer({
  kdKey: 'textarea',
  label: '多行输入',
  icon: 'FileTextOutlined',
  group: 'basic',
  scaffold: {
    __config__: { kdKey: 'textarea', label: '多行输入', tag: 'el-input', required: false, regList: [], span: 24, layout: 'colFormItem' },
    __vModel__: '',
    type: 'textarea',
    autosize: { minRows: 4, maxRows: 4 },
    maxlength: null,
    'show-word-limit': false,
    readonly: false,
    disabled: false,
  },
  inspector: inspectorOf(commonProps, {
    maxlength: { type: ['integer', 'null'], title: '最多输入', minimum: 1 },
    'show-word-limit': { type: 'boolean', title: '输入统计' },
    autosize: { type: 'object', title: '行数', properties: { minRows: { type: 'integer', minimum: 1 }, maxRows: { type: 'integer', minimum: 1 } } },
  }),
  toSchema: (field) => ({ type: 'string', ...(typeof field.maxlength === 'number' ? { maxLength: field.maxlength } : {}) }),
  toColumn: (field) => baseColumn(field, { tooltip: true }),
  component: () => import('./TextareaWidget'),
});
