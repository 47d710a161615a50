import { defineRenderer } from '../../src/engine/renderer';
import { optionColumn, optionValueSchema } from '../_shared/fieldProps';
import { commonProps, inspectorOf, optionSourceProps } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * treeSelect: pick a node of a tree (spec 001 §3; options at top level `options`). Static, dictionary (tree) or dynamic
 * options. Value: the node id; `multiple` an array of ids. Static trees constrain the value by `enum`.
 */
export default defineRenderer({
  kdKey: 'treeSelect',
  label: '树选择',
  icon: 'PartitionOutlined',
  group: 'advanced',
  scaffold: scaffoldOf(
    'treeSelect',
    '树选择',
    'jnpf-tree-select',
    { defaultValue: '', dataType: 'static', dictionaryType: '', propsUrl: '' },
    {
      options: [
        { id: '1', fullName: '选项1', children: [{ id: '2', fullName: '选项1-1' }] },
        { id: '3', fullName: '选项2' },
      ],
      props: { props: { value: 'id', label: 'fullName', children: 'children' } },
      multiple: false,
      clearable: true,
      filterable: false,
      disabled: false,
    },
  ),
  inspector: inspectorOf(commonProps, optionSourceProps, { multiple: { type: 'boolean', title: '是否多选' }, filterable: { type: 'boolean', title: '能否搜索' } }),
  toSchema: (field) => optionValueSchema(field, !!field.multiple),
  toColumn: (field) => optionColumn(field),
  component: () => import('./TreeSelectWidget'),
});
