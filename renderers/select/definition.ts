import { defineRenderer } from '../../src/engine/renderer';
import { optionColumn, optionValueSchema } from '../_shared/fieldProps';
import { commonProps, defaultOptions, inspectorOf, optionSourceProps } from '../_shared/inspectors';

/**
 * select: drop-down (spec 001 §3). Options static (`__slot__.options`), dictionary or dynamic (data interface).
 * Value: the option id; with `multiple` an array of ids. Static options constrain the value by `enum`.
 */
export default defineRenderer({
  kdKey: 'select',
  label: '下拉选择',
  icon: 'DownSquareOutlined',
  group: 'basic',
  scaffold: {
    __config__: {
      kdKey: 'select',
      label: '下拉选择',
      tag: 'el-select',
      required: false,
      regList: [],
      span: 24,
      layout: 'colFormItem',
      dataType: 'static',
      dictionaryType: '',
      propsUrl: '',
      props: { label: 'fullName', value: 'id' },
    },
    __slot__: { options: defaultOptions },
    __vModel__: '',
    clearable: true,
    filterable: false,
    multiple: false,
    disabled: false,
  },
  inspector: inspectorOf(commonProps, optionSourceProps, {
    multiple: { type: 'boolean', title: '是否多选' },
    filterable: { type: 'boolean', title: '能否搜索' },
  }),
  toSchema: (field) => optionValueSchema(field, !!field.multiple),
  toColumn: (field) => optionColumn(field),
  component: () => import('./SelectWidget'),
});
