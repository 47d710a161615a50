import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, InputNumber, Select, Space } from 'antd';
import type { FlowField } from './flowApi';
import type { Translate } from './summary';

/** One condition row as the server's typed evaluator reads it (engine/conditions.ts; never an expression string). */
export interface ConditionRow {
  field: string;
  fieldName: string;
  symbol: string;
  fieldValue: string | number | null;
  fieldType: 1;
  fieldValueType: 2;
  logic: '&&' | '||';
}

const NUMBER_KEYS = new Set(['numInput', 'calculate', 'rate', 'slider']);
const DATE_KEYS = new Set(['date', 'createTime', 'modifyTime']);

/** The comparison kind of a field (as the server's form-fields.ts kindOf). */
export function kindOf(kdKey: string): 'number' | 'date' | 'string' {
  return NUMBER_KEYS.has(kdKey) ? 'number' : DATE_KEYS.has(kdKey) ? 'date' : 'string';
}

/** The operators offered for a field kind: numbers and dates compare; text equals or contains. */
export function operatorsFor(kind: 'number' | 'date' | 'string'): string[] {
  return kind === 'string' ? ['==', '<>', 'like', 'notLike'] : ['>=', '>', '==', '<=', '<', '<>'];
}

/**
 * The condition editor of a branch (issue 15 item 4): rows of field (from the bound form), typed operator, literal
 * value, joined by 且/或 left to right. `onChange` receives an update of the rows (properties.conditions), applied to
 * the stored rows so that quick successive edits never work on a stale copy.
 */
export default function ConditionEditor({ value, fields, onChange, t }: { value: unknown; fields: FlowField[]; onChange: (next: (rows: ConditionRow[]) => ConditionRow[]) => void; t: Translate }) {
  const rows = (Array.isArray(value) ? value : []) as ConditionRow[];
  const update = (f: (rows: ConditionRow[]) => ConditionRow[]) => onChange((prev) => f(Array.isArray(prev) ? prev : []));
  if (!fields.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.props.noForm')} />;
  const set = (i: number, patch: Partial<ConditionRow>) => update((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const add = () => {
    const f = fields[0];
    update((all) => [...all, { field: f.vModel, fieldName: f.label, symbol: operatorsFor(kindOf(f.kdKey))[0], fieldValue: null, fieldType: 1, fieldValueType: 2, logic: '&&' }]);
  };
  return (
    <div data-testid="flow-conditions">
      {rows.map((r, i) => {
        const field = fields.find((f) => f.vModel === r.field);
        const kind = kindOf(field?.kdKey ?? '');
        const ops = operatorsFor(kind);
        return (
          <div key={i} style={{ marginBottom: 8 }} data-testid={`flow-condition-${i}`}>
            {i > 0 && (
              <Select size="small" style={{ width: 64, marginBottom: 4 }} value={rows[i - 1].logic ?? '&&'} aria-label={`logic-${i}`} onChange={(v) => update((all) => all.map((x, j) => (j === i - 1 ? { ...x, logic: v } : x)))} options={[{ value: '&&', label: t('flow.props.and') }, { value: '||', label: t('flow.props.or') }]} />
            )}
            <Space.Compact style={{ width: '100%' }}>
              <Select
                style={{ width: '38%' }}
                value={r.field}
                aria-label={t('flow.props.field')}
                data-testid={`flow-condition-field-${i}`}
                options={fields.map((f) => ({ value: f.vModel, label: f.label }))}
                onChange={(v) => {
                  const f = fields.find((x) => x.vModel === v);
                  const nextOps = operatorsFor(kindOf(f?.kdKey ?? ''));
                  set(i, { field: v, fieldName: f?.label ?? v, symbol: nextOps.includes(r.symbol) ? r.symbol : nextOps[0], fieldValue: null });
                }}
              />
              <Select style={{ width: '28%' }} value={r.symbol} aria-label={t('flow.props.operator')} data-testid={`flow-condition-op-${i}`} options={ops.map((o) => ({ value: o, label: t(`flow.props.ops.${o}`) }))} onChange={(v) => set(i, { symbol: v })} />
              {kind === 'number' ? (
                <InputNumber style={{ width: '34%' }} value={r.fieldValue === null || r.fieldValue === '' ? null : Number(r.fieldValue)} aria-label={t('flow.props.value')} data-testid={`flow-condition-value-${i}`} onChange={(v) => set(i, { fieldValue: v ?? null })} />
              ) : (
                <Input style={{ width: '34%' }} value={r.fieldValue === null ? '' : String(r.fieldValue)} placeholder={kind === 'date' ? 'YYYY-MM-DD' : undefined} aria-label={t('flow.props.value')} data-testid={`flow-condition-value-${i}`} onChange={(e) => set(i, { fieldValue: e.target.value })} />
              )}
              <Button icon={<DeleteOutlined />} aria-label={t('flow.props.removeRow')} onClick={() => update((all) => all.filter((_, j) => j !== i))} />
            </Space.Compact>
          </div>
        );
      })}
      <Button size="small" icon={<PlusOutlined />} onClick={add} data-testid="flow-condition-add">
        {t('flow.props.addRow')}
      </Button>
    </div>
  );
}
