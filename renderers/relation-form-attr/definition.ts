import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * relationFormAttr: shows field `showField` of the row chosen in this form's relationForm field `relationField` (read-only).
 * Stored only when `__config__.isStorage` is 1 (then the value is that text); otherwise it stores nothing.
 */
export default defineRenderer({
  kdKey: 'relationFormAttr',
  label: '关联表单属性',
  icon: 'NodeIndexOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('relationFormAttr', '关联表单属性', 'relationFormAttr', { isStorage: 0 }, { relationField: '', showField: '', disabled: false }),
  inspector: inspectorOf({
    relationField: { type: 'string', title: '关联控件' },
    showField: { type: 'string', title: '显示字段' },
    __config__: { type: 'object', properties: { isStorage: { type: 'integer', title: '存储类型', enum: [0, 1], description: '0 仅显示, 1 存储' } } },
  }),
  toSchema: (field) => (field.__config__.isStorage ? { type: 'string', maxLength: 1000 } : null),
  toColumn: (field) => (field.__config__.isStorage ? baseColumn(field) : null),
  component: () => import('./RelationFormAttr'),
});
