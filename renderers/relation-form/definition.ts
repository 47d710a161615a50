import { defineRenderer } from '../../src/engine/renderer';
import { namedColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * relationForm: pick a record of another model in a paged dialog (spec 001 §3, jnpf-v3.md §2). Props: `modelId`,
 * `relationField` (the other model's field shown), `columnOptions[{value,label}]`, `hasPage`, `pageSize`.
 * Value: the record id. Lists show `KdGridContext.names['relationForm:' + modelId]` when provided, else the id.
 */
export default defineRenderer({
  kdKey: 'relationForm',
  label: '关联表单',
  icon: 'LinkOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('relationForm', '关联表单', 'relationForm', {}, { modelId: '', relationField: '', columnOptions: [], hasPage: true, pageSize: 20, disabled: false }),
  inspector: inspectorOf({
    modelId: { type: 'string', title: '关联功能' },
    relationField: { type: 'string', title: '显示字段' },
    columnOptions: { type: 'array', title: '列表字段', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } } },
    hasPage: { type: 'boolean', title: '分页' },
    pageSize: { type: 'integer', title: '分页条数', enum: [10, 20, 50, 100, 200, 500] },
  }),
  toSchema: () => ({ type: 'string', minLength: 1, maxLength: 64 }),
  toColumn: (field) => namedColumn(field, `relationForm:${String(field.modelId ?? '')}`),
  component: () => import('./RelationForm'),
});
