import type { ValueFormatterParams } from 'ag-grid-community';
import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../schemas/field';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn, flattenOptions, type KdGridContext, optionIdSchema, staticOptions } from '../_shared/fieldProps';
import { commonProps, inspectorOf, optionSourceProps } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/** True when the cascader allows several paths (`props.props.multiple`). */
export function isMultiple(field: FieldConfig): boolean {
  return !!(field.props as { props?: { multiple?: boolean } } | undefined)?.props?.multiple;
}

/**
 * cascader: a path through tree options (spec 001 §3; options at top level `options`, jnpf-v3.md §2), static,
 * dictionary (tree dictionaries) or dynamic. Value: the path of option ids; with `props.props.multiple` an array of paths.
 */
export default defineRenderer({
  kdKey: 'cascader',
  label: '级联选择',
  icon: 'ApartmentOutlined',
  group: 'basic',
  scaffold: scaffoldOf(
    'cascader',
    '级联选择',
    'el-cascader',
    { defaultValue: [], dataType: 'static', dictionaryType: '', propsUrl: '' },
    {
      options: [
        { id: '1', fullName: '选项1', children: [{ id: '2', fullName: '选项1-1' }] },
        { id: '3', fullName: '选项2' },
      ],
      props: { props: { expandTrigger: 'hover', multiple: false, value: 'id', label: 'fullName', children: 'children' } },
      'show-all-levels': true,
      separator: '/',
      filterable: false,
      clearable: true,
      disabled: false,
    },
  ),
  inspector: inspectorOf(commonProps, optionSourceProps, {
    'show-all-levels': { type: 'boolean', title: '展示完整路径' },
    separator: { type: 'string', title: '选项分隔符' },
    filterable: { type: 'boolean', title: '能否搜索' },
    props: { type: 'object', title: '配置', properties: { props: { type: 'object', properties: { multiple: { type: 'boolean', title: '是否多选' } } } } },
  }),
  toSchema: (field) => {
    const path: JSONSchema7 = { type: 'array', items: optionIdSchema(field) };
    return isMultiple(field) ? { type: 'array', items: path } : path;
  },
  toColumn: (field) => {
    const own = new Map(flattenOptions(staticOptions(field)).map((o) => [String(o.id), o.fullName]));
    const sep = typeof field.separator === 'string' ? field.separator : '/';
    return baseColumn(field, {
      valueFormatter: (p: ValueFormatterParams) => {
        const dict = field.__config__.dictionaryType && (p.context as KdGridContext | undefined)?.dictionaries?.[field.__config__.dictionaryType];
        const names = dict ? new Map(flattenOptions(dict).map((o) => [String(o.id), o.fullName])) : own;
        const path = (v: unknown) => (Array.isArray(v) ? v.map((id) => names.get(String(id)) ?? String(id)).join(sep) : '');
        if (!Array.isArray(p.value)) return '';
        return Array.isArray(p.value[0]) ? p.value.map(path).join(',') : path(p.value);
      },
    });
  },
  component: () => import('./CascaderWidget'),
});
