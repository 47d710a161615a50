import { defineRenderer } from '../../src/engine/renderer';
import { optionColumn, optionValueSchema } from '../_shared/fieldProps';
import { defaultOptions, inspectorOf, optionSourceProps } from '../_shared/inspectors';

/** checkbox: multiple choice (spec 001 §3). Options as for select; value: array of chosen option ids. */
export default defineRenderer({
  kdKey: 'checkbox',
  label: '多选框组',
  icon: 'CheckSquareOutlined',
  group: 'basic',
  scaffold: {
    __config__: {
      kdKey: 'checkbox',
      label: '多选框组',
      tag: 'el-checkbox-group',
      required: false,
      regList: [],
      span: 24,
      layout: 'colFormItem',
      defaultValue: [],
      dataType: 'static',
      dictionaryType: '',
      propsUrl: '',
      optionType: 'default',
      props: { label: 'fullName', value: 'id' },
    },
    __slot__: { options: defaultOptions },
    __vModel__: '',
    disabled: false,
  },
  inspector: inspectorOf(optionSourceProps, {
    min: { type: ['integer', 'null'], title: '至少应选', minimum: 0 },
    max: { type: ['integer', 'null'], title: '最多可选', minimum: 1 },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: (field) => ({
    ...optionValueSchema(field, true),
    ...(typeof field.max === 'number' ? { maxItems: field.max } : {}),
  }),
  toColumn: (field) => optionColumn(field),
  component: () => import('./CheckboxWidget'),
});
