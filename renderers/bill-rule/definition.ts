import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * billRule: the document number, assigned by the server on save from the bill rule `__config__.rule` (its enCode:
 * prefix, date format, digits, start number; gap-free). Read-only in the form. Value: the number string.
 */
export default defineRenderer({
  kdKey: 'billRule',
  label: '单据组件',
  icon: 'NumberOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('billRule', '单据组件', 'billRule', { rule: '' }, { readonly: true }),
  inspector: inspectorOf({ __config__: { type: 'object', properties: { rule: { type: 'string', title: '单据模板（编码）' } } } }),
  toSchema: () => ({ type: 'string', maxLength: 100 }),
  toColumn: (field) => baseColumn(field),
  component: () => import('./BillRuleWidget'),
});
