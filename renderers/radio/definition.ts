import { defineRenderer } from '../../src/engine/renderer';
import { optionColumn, optionValueSchema } from '../_shared/fieldProps';
import { defaultOptions, inspectorOf, optionSourceProps } from '../_shared/inspectors';

/** radio: single choice (spec 001 §3). Options as for select; value: the chosen option id (enum for static options). */
export default defineRenderer({
  kdKey: 'radio',
  label: '单选框组',
  icon: 'CheckCircleOutlined',
  group: 'basic',
  scaffold: {
    __config__: {
      kdKey: 'radio',
      label: '单选框组',
      tag: 'el-radio-group',
      required: false,
      regList: [],
      span: 24,
      layout: 'colFormItem',
      dataType: 'static',
      dictionaryType: '',
      propsUrl: '',
      optionType: 'default',
      border: false,
      props: { label: 'fullName', value: 'id' },
    },
    __slot__: { options: defaultOptions },
    __vModel__: '',
    disabled: false,
  },
  inspector: inspectorOf(optionSourceProps, {
    optionType: { type: 'string', title: '选项样式', enum: ['default', 'button'] },
    disabled: { type: 'boolean', title: '是否禁用' },
  }),
  toSchema: (field) => optionValueSchema(field, false),
  toColumn: (field) => optionColumn(field),
  component: () => import('./RadioWidget'),
});
