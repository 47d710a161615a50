import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { commonProps, inspectorOf } from '../_shared/inspectors';
import { scaffoldOf } from '../_shared/scaffold';

/**
 * sqlEditor: the SQL text of a data interface (design.md §6 `/api/system/DataInterface`, issue 26 item 3): a monospace
 * text area with line numbers and an optional `hint` under it (or `hintBy: {field, values}`: the hint for the record's
 * value of another field, e.g. SQL vs JSON by the interface type). Value: string, at most `maxlength` characters (the
 * server's limit is 20,000). The server's SQL-guard refusal (400 `data.field = 'query'`) is shown under the field by the
 * form, like any field error.
 */
export default defineRenderer({
  kdKey: 'sqlEditor',
  label: 'SQL 编辑器',
  icon: 'ConsoleSqlOutlined',
  group: 'advanced',
  scaffold: scaffoldOf('sqlEditor', 'SQL 语句', 'KdSqlEditor', {}, { placeholder: 'select …', rows: 8, maxlength: 20000, hint: '', readonly: false, disabled: false }),
  inspector: inspectorOf(commonProps, {
    rows: { type: 'integer', title: '行数', minimum: 2, maximum: 40 },
    maxlength: { type: ['integer', 'null'], title: '最多输入', minimum: 1 },
    hint: { type: 'string', title: '提示' },
    hintBy: {
      type: 'object',
      title: '按字段取提示',
      properties: { field: { type: 'string', title: '字段' }, values: { type: 'object', title: '值 → 提示', additionalProperties: { type: 'string' } } },
    },
  }),
  toSchema: (field) => ({ type: 'string', ...(typeof field.maxlength === 'number' ? { maxLength: field.maxlength } : {}) }),
  toColumn: (field) => baseColumn(field, { tooltip: true, cellStyle: { fontFamily: 'monospace' } }),
  component: () => import('./SqlEditor'),
});
