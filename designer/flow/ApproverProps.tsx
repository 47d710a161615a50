import { Checkbox, Collapse, Form, Input, InputNumber, Radio, Select } from 'antd';
import ApproverPicker from './ApproverPicker';
import type { FlowField } from './flowApi';
import OrgSelect from './OrgSelect';
import { type Translate, titleOf } from './summary';
import { approvers, type FlowNode } from './tree';

/** Props of the per-node editors: the node, the whole tree, the bound form's fields and a setter of one property. */
export interface NodePropsEditor {
  node: FlowNode;
  tree: FlowNode;
  fields: FlowField[];
  set: (key: string, value: unknown) => void;
  /** Sets several properties as one undoable change. */
  setMany: (patch: Record<string, unknown>) => void;
  t: Translate;
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

/**
 * An approver node's properties (reference §1 Approver): who approves — named users / positions / roles / departments
 * (6), the initiator (3), the initiator's manager up to level 10 (1), the department head (2), a form field's value
 * (4), the approvers of an earlier node (5), candidates picked at submission (7) —, narrowed by extraRule (types 4, 6,
 * 7: same department / position / company, the launcher's superiors / subordinates), or-sign / countersign with a ratio /
 * sequential, the reject target and the CC targets.
 */
export default function ApproverProps({ node, tree, fields, set, setMany, t }: NodePropsEditor) {
  const p = node.properties;
  const type = Number(p.assigneeType ?? 6);
  const sign = Number(p.counterSign ?? 0);
  const earlier = approvers(tree).filter((n) => n.nodeId !== node.nodeId);
  const org = (key: string, kind: 'users' | 'positions' | 'roles' | 'departments' | 'groups', label: string) => (
    <Form.Item label={label} key={key}>
      <OrgSelect kind={kind} id={`flow-${key}`} value={ids(p[key])} onChange={(v) => set(key, v)} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('flow.props.assigneeType')}>
        <Select
          data-testid="flow-assignee-type"
          aria-label={t('flow.props.assigneeType')}
          value={type}
          onChange={(v) => set('assigneeType', v)}
          options={[6, 3, 1, 2, 4, 5, 7, 9].map((v) => ({ value: v, label: t(`flow.props.type${v}`) }))}
        />
      </Form.Item>
      {type === 6 && (
        <>
          <Form.Item label={t('flow.picker.label')}>
            <ApproverPicker
              value={{ user: ids(p.approvers), position: ids(p.approverPos), department: ids(p.approverOrg) }}
              onChange={(v) => setMany({ approvers: v.user, approverPos: v.position, approverOrg: v.department })}
              t={t}
            />
          </Form.Item>
          {org('approverRole', 'roles', t('flow.props.roles'))}
          {org('approverGroup', 'groups', t('flow.props.groups'))}
        </>
      )}
      {type === 7 && org('approvers', 'users', t('flow.props.candidateScope'))}
      {type === 9 && (
        <Form.Item label={t('flow.props.userUrl')}>
          <Input data-testid="flow-user-url" value={(p.getUserUrl as string) ?? ''} placeholder="https://" onChange={(e) => set('getUserUrl', e.target.value)} />
        </Form.Item>
      )}
      {type === 1 && (
        <Form.Item label={t('flow.props.managerLevel')}>
          <Select value={Number(p.managerLevel ?? 1)} onChange={(v) => set('managerLevel', v)} options={Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: t('flow.props.level', { n: i + 1 }) }))} />
        </Form.Item>
      )}
      {type === 4 && (
        <>
          <Form.Item label={t('flow.props.formField')}>
            <Select value={(p.formField as string) || undefined} onChange={(v) => set('formField', v)} options={fields.map((f) => ({ value: f.vModel, label: f.label }))} />
          </Form.Item>
          <Form.Item label={t('flow.props.formFieldType')}>
            <Radio.Group value={(p.formFieldType as string) ?? 'user'} onChange={(e) => set('formFieldType', e.target.value)} options={['user', 'dept', 'position', 'role'].map((v) => ({ value: v, label: t(`flow.props.field${v[0].toUpperCase()}${v.slice(1)}`) }))} />
          </Form.Item>
        </>
      )}
      {type === 5 && (
        <Form.Item label={t('flow.props.earlierNode')}>
          <Select value={(p.nodeId as string) || undefined} onChange={(v) => set('nodeId', v)} options={earlier.map((n) => ({ value: n.nodeId, label: titleOf(n, t) }))} />
        </Form.Item>
      )}
      {[4, 6, 7].includes(type) && (
        <Form.Item label={t('flow.props.extraRule')}>
          <Select value={Number(p.extraRule ?? 1)} onChange={(v) => set('extraRule', v)} options={[1, 2, 3, 6, 4, 5].map((v) => ({ value: v, label: t(`flow.props.extraRule${v}`) }))} />
        </Form.Item>
      )}
      <Form.Item label={t('flow.props.counterSign')}>
        <Radio.Group data-testid="flow-countersign" value={sign} onChange={(e) => set('counterSign', e.target.value)} options={[0, 1, 2].map((v) => ({ value: v, label: t(`flow.props.${['orSign', 'countersign', 'sequential'][v]}`) }))} />
      </Form.Item>
      {sign === 1 && (
        <Form.Item label={t('flow.props.ratio')}>
          <InputNumber min={1} max={100} value={Number(p.countersignRatio ?? 100)} onChange={(v) => set('countersignRatio', v ?? 100)} />
        </Form.Item>
      )}
      <Form.Item label={t('flow.props.rejectStep')}>
        <Select
          value={String(p.rejectStep ?? '1')}
          onChange={(v) => set('rejectStep', v)}
          options={[
            { value: '0', label: t('flow.props.rejectStart') },
            { value: '1', label: t('flow.props.rejectPrevious') },
            { value: '2', label: t('flow.props.rejectChosen') },
            ...earlier.map((n) => ({ value: n.nodeId, label: titleOf(n, t) })),
          ]}
        />
      </Form.Item>
      <Form.Item label={t('flow.props.buttons')}>
        {(['hasFreeApprover', 'isCustomCopy', 'hasSign'] as const).map((k) => (
          <Checkbox key={k} data-testid={`flow-prop-${k}`} checked={p[k] === true} onChange={(e) => set(k, e.target.checked)}>
            {t(`flow.props.${k}`)}
          </Checkbox>
        ))}
      </Form.Item>
      <Collapse
        size="small"
        items={[
          {
            key: 'cc',
            label: <span data-testid="flow-cc">{t('flow.props.cc')}</span>,
            children: [org('circulateUser', 'users', t('flow.props.ccUsers')), org('circulateRole', 'roles', t('flow.props.ccRoles')), org('circulatePosition', 'positions', t('flow.props.ccPositions'))],
          },
        ]}
      />
    </>
  );
}
