import type { JSONSchema7 } from 'json-schema';
import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';
import { interfacePickerProps } from '../popup-select/definition';

const ONE: JSONSchema7 = { type: ['string', 'number'] };

/**
 * popupTableSelect: pick one or (`multiple`) several rows of a data interface in a table dialog.
 * Value: the row's `propsValue`, or an array of them.
 */
export default defineRenderer({
  kdKey: 'popupTableSelect',
  label: '下拉表格',
  icon: 'TableOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('popupTableSelect', '下拉表格', 'popupTableSelect', {}, { interfaceId: '', templateJson: [], propsValue: 'id', relationField: 'fullName', columnOptions: [], hasPage: true, pageSize: 20, multiple: false, disabled: false }),
  inspector: inspectorOf(interfacePickerProps, { multiple: { type: 'boolean', title: '是否多选' } }),
  toSchema: (field) => (field.multiple ? { type: 'array', items: ONE, uniqueItems: true } : ONE),
  toColumn: (field) => baseColumn(field, { valueFormatter: (p) => (Array.isArray(p.value) ? p.value.join(',') : (p.value ?? '')) }),
  component: () => import('./PopupTableSelect'),
});
