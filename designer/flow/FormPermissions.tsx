import { Checkbox, Empty, Table } from 'antd';
import type { FlowField } from './flowApi';
import type { Translate } from './summary';

/** One field's permission on a node (JNPF formOperates; hidden = read false). */
export interface FormOperate {
  id: string;
  name: string;
  read: boolean;
  write: boolean;
  required: boolean;
}

/**
 * The node's rows for every field of the bound form: the stored row, else the default (visible; editable only at the
 * start node). Rows of fields the form no longer has are dropped.
 */
export function operatesOf(stored: unknown, fields: FlowField[], isStart: boolean): FormOperate[] {
  const rows = Array.isArray(stored) ? (stored as FormOperate[]) : [];
  return fields.map((f) => {
    const r = rows.find((x) => x?.id === f.vModel);
    return r ? { id: f.vModel, name: f.label, read: r.read !== false, write: r.write === true, required: r.required === true } : { id: f.vModel, name: f.label, read: true, write: isStart, required: false };
  });
}

/**
 * Per-node form field permissions (issue 15 item 3–4): a table of the bound form's fields with 可见 / 可编辑 / 必填;
 * editable implies visible, required implies editable. `onChange` receives the whole list (written as formOperates).
 */
export default function FormPermissions({ value, fields, isStart, onChange, t }: { value: unknown; fields: FlowField[]; isStart: boolean; onChange: (rows: FormOperate[]) => void; t: Translate }) {
  if (!fields.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.props.noForm')} />;
  const rows = operatesOf(value, fields, isStart);
  const set = (id: string, key: 'read' | 'write' | 'required', on: boolean) =>
    onChange(
      rows.map((r) => {
        if (r.id !== id) return r;
        const next = { ...r, [key]: on };
        if (key === 'read' && !on) Object.assign(next, { write: false, required: false });
        if (key === 'write' && on) next.read = true;
        if (key === 'write' && !on) next.required = false;
        if (key === 'required' && on) Object.assign(next, { read: true, write: true });
        return next;
      }),
    );
  const box = (key: 'read' | 'write' | 'required') => (_: unknown, r: FormOperate) => <Checkbox checked={r[key]} aria-label={`${r.name} ${t(`flow.props.${key}`)}`} data-testid={`flow-perm-${r.id}-${key}`} onChange={(e) => set(r.id, key, e.target.checked)} />;
  return (
    <Table<FormOperate>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      data-testid="flow-permissions"
      columns={[
        { title: t('flow.props.field'), dataIndex: 'name' },
        { title: t('flow.props.read'), width: 64, align: 'center', render: box('read') },
        { title: t('flow.props.write'), width: 72, align: 'center', render: box('write') },
        { title: t('flow.props.required'), width: 64, align: 'center', render: box('required') },
      ]}
    />
  );
}
