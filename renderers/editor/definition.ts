import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';
import { htmlToText } from './sanitize';

/**
 * editor: rich text (spec 001 §3). Value: HTML string, sanitised with DOMPurify when edited and when displayed
 * (the server sanitises again before storing). Lists show the plain text.
 */
export default defineRenderer({
  kdKey: 'editor',
  label: '富文本',
  icon: 'EditOutlined',
  group: 'basic',
  scaffold: scaffoldOf('editor', '富文本', 'JNPFQuill', {}, { maxlength: 65535, disabled: false }),
  inspector: inspectorOf({ placeholder: { type: 'string', title: '占位提示' }, maxlength: { type: 'integer', title: '最多字符', minimum: 1 }, disabled: { type: 'boolean', title: '是否禁用' } }),
  toSchema: (field) => ({ type: 'string', maxLength: typeof field.maxlength === 'number' ? field.maxlength : 65535 }),
  toColumn: (field) => baseColumn(field, { sortable: false, valueFormatter: (p) => htmlToText(p.value).slice(0, 200) }),
  component: () => import('./EditorWidget'),
});
