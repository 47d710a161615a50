import { defineRenderer } from '../../src/engine/renderer';
import { baseColumn } from '../_shared/fieldProps';
import { inspectorOf } from '../_shared/inspectors';

/**
 * table: a sub-table (design.md §4; jnpf-v3.md §2). Its `__config__.children` are the column fields; rows are stored
 * in a child table. compile.ts turns it into an array of objects (required cells, per-column schemas); this
 * definition's own toSchema only describes the container. Props: `actionText` (add button), `show-summary` and
 * `summaryField[]` (summed numeric columns, spec 001 §5).
 */
export default defineRenderer({
  kdKey: 'table',
  label: '设计子表',
  icon: 'TableOutlined',
  group: 'advanced',
  scaffold: {
    __config__: { kdKey: 'table', label: '设计子表', tag: 'kdTable', layout: 'rowFormItem', required: false, showTitle: true, span: 24, children: [], tableName: '' },
    __vModel__: '',
    'show-summary': false,
    summaryField: [],
    disabled: false,
  },
  inspector: inspectorOf({
    actionText: { type: 'string', title: '动作文字' },
    'show-summary': { type: 'boolean', title: '合计' },
    summaryField: { type: 'array', title: '合计字段', items: { type: 'string' } },
    __config__: { type: 'object', properties: { tableName: { type: 'string', title: '关联子表' }, showTitle: { type: 'boolean', title: '显示标题' } } },
  }),
  toSchema: () => ({ type: 'array', items: { type: 'object' } }),
  toColumn: (field) => baseColumn(field, { sortable: false, valueFormatter: (p) => (Array.isArray(p.value) ? `${p.value.length}条` : '') }),
  component: () => import('./TableField'),
});
