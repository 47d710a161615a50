import type { JSONSchema7 } from 'json-schema';
import { defineRenderer } from '../../src/engine/renderer';
import { namedColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { popupNamesKey } from '../_shared/popupSources';
import { scaffoldOf } from '../_shared/scaffold';

/** Inspector props shared by the data-interface pickers. */
export const interfacePickerProps: Record<string, JSONSchema7> = {
  interfaceId: { type: 'string', title: '远端数据（数据接口）' },
  propsValue: { type: 'string', title: '储存字段' },
  relationField: { type: 'string', title: '显示字段' },
  columnOptions: { type: 'array', title: '列表字段', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } } },
  hasPage: { type: 'boolean', title: '分页' },
  pageSize: { type: 'integer', title: '分页条数', enum: [10, 20, 50, 100, 200, 500] },
};

/**
 * popupSelect: pick one row of a data interface in a paged dialog (jnpf-v3.md §2). Props: `interfaceId`,
 * `propsValue` (stored key, default id), `relationField` (shown), `columnOptions`. Value: the row's `propsValue`.
 * Lists show `KdGridContext.names[popupNamesKey(field)]` (the shown field) when provided, else the value.
 */
export default defineRenderer({
  kdKey: 'popupSelect',
  label: '弹窗选择',
  icon: 'SelectOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('popupSelect', '弹窗选择', 'popupSelect', {}, { interfaceId: '', templateJson: [], propsValue: 'id', relationField: 'fullName', columnOptions: [], hasPage: true, pageSize: 20, disabled: false }),
  inspector: inspectorOf(interfacePickerProps),
  toSchema: () => ({ type: ['string', 'number'] }),
  toColumn: (field) => namedColumn(field, popupNamesKey(field)),
  component: () => import('./PopupSelect'),
});
