import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import ApproverProps, { type NodePropsEditor } from './ApproverProps';
import ConditionEditor from './ConditionEditor';
import { type FlowField, flowChoices, flowFields } from './flowApi';
import FormPermissions from './FormPermissions';
import OrgSelect from './OrgSelect';
import StartProps from './StartProps';
import { titleOf } from './summary';

/** The property drawer of the selected node (issue 15 item 4); `issue` is the server's message naming this node. */
export default function NodeDrawer(p: NodePropsEditor & { open: boolean; issue?: string; onClose: () => void }) {
  const { node, set, t } = p;
  const props = node.properties;
  const head = node.type === 'condition';
  const conditionBranch = head && !props.isInterflow && !props.isBranchFlow;
  const withPermissions = node.type === 'start' || node.type === 'approver';
  const main = (
    <Form layout="vertical" size="small">
      <Form.Item label={t('flow.props.title')}>
        <Input data-testid="flow-node-title" value={String(props.title ?? '')} placeholder={titleOf(node, t)} maxLength={50} onChange={(e) => set('title', e.target.value)} />
      </Form.Item>
      {node.type === 'start' && <StartProps {...p} />}
      {node.type === 'approver' && <ApproverProps {...p} />}
      {conditionBranch && props.isDefault === true && <Alert type="info" showIcon title={t('flow.card.defaultHint')} />}
      {conditionBranch && props.isDefault !== true && (
        <>
          <Form.Item label={t('flow.props.conditions')}>
            <ConditionEditor value={props.conditions} fields={p.fields} onChange={(next) => set('conditions', next)} t={t} />
          </Form.Item>
          <Form.Item label={t('flow.props.branchInitiator')}>
            <OrgSelect kind="users" id="flow-branch-initiator" value={Array.isArray(props.initiator) ? (props.initiator as string[]) : []} onChange={(v) => set('initiator', v)} />
          </Form.Item>
        </>
      )}
      {node.type === 'timer' && (
        <Space wrap>
          {(['day', 'hour', 'minute', 'second'] as const).map((k) => (
            <Form.Item key={k} label={t(`flow.props.${k}`)}>
              <InputNumber min={0} precision={0} value={Number(props[k] ?? 0)} data-testid={`flow-timer-${k}`} onChange={(v) => set(k, v ?? 0)} />
            </Form.Item>
          ))}
        </Space>
      )}
      {node.type === 'subFlow' && <SubFlowProps {...p} />}
    </Form>
  );
  return (
    <Drawer open={p.open} size={520} title={titleOf(node, t)} onClose={p.onClose} destroyOnHidden data-testid="flow-drawer" rootClassName="kd-flow-drawer">
      {p.issue && <Alert type="error" showIcon title={p.issue} style={{ marginBottom: 12 }} data-testid="flow-node-issue" />}
      {withPermissions ? (
        <Tabs
          items={[
            { key: 'props', label: t(`flow.node.${node.type}`), children: main },
            { key: 'perm', label: <span data-testid="flow-tab-permissions">{t('flow.props.permissions')}</span>, children: <FormPermissions value={props.formOperates} fields={p.fields} isStart={node.type === 'start'} onChange={(rows) => set('formOperates', rows)} t={t} /> },
          ]}
        />
      ) : (
        main
      )}
    </Drawer>
  );
}

/** A subflow node: the released flow to launch, asynchronous or not, who launches it, and the fields handed over. */
function SubFlowProps({ node, fields, set, t }: NodePropsEditor) {
  const props = node.properties;
  const [flows, setFlows] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    let live = true;
    flowChoices().then(
      (groups) => live && setFlows(groups.flatMap((g) => (g.children ?? []).map((f) => ({ value: f.id, label: f.fullName })))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const launcher = Number(props.initiateType ?? 3);
  return (
    <>
      <Form.Item label={t('flow.props.subFlow')}>
        <Select
          showSearch
          optionFilterProp="label"
          value={(props.flowId as string) || undefined}
          options={flows}
          onChange={(v) => {
            set('flowId', v);
            set('flowName', flows.find((f) => f.value === v)?.label ?? '');
          }}
        />
      </Form.Item>
      <Form.Item label={t('flow.props.subFlowLauncher')}>
        <Select value={launcher} onChange={(v) => set('initiateType', v)} options={[3, 1, 2, 6].map((v) => ({ value: v, label: t(`flow.props.type${v}`) }))} />
      </Form.Item>
      {launcher === 6 && (
        <Form.Item label={t('flow.props.users')}>
          <OrgSelect kind="users" id="flow-subflow-users" value={Array.isArray(props.initiator) ? (props.initiator as string[]) : []} onChange={(v) => set('initiator', v)} />
        </Form.Item>
      )}
      <Form.Item label={t('flow.props.isAsync')}>
        <Switch checked={props.isAsync === true} onChange={(v) => set('isAsync', v)} />
      </Form.Item>
      <Form.Item label={t('flow.props.assignList')}>
        <AssignList value={props.assignList} parent={fields} flowId={String(props.flowId ?? '')} onChange={(rows) => set('assignList', rows)} t={t} />
      </Form.Item>
    </>
  );
}

type Assign = { parentField: string; childField: string };

/** The subflow's field hand-over (assignList): rows of this flow's field → the subflow's field. */
function AssignList({ value, parent, flowId, onChange, t }: { value: unknown; parent: FlowField[]; flowId: string; onChange: (rows: Assign[]) => void; t: NodePropsEditor['t'] }) {
  const rows = (Array.isArray(value) ? value : []) as Assign[];
  const [child, setChild] = useState<FlowField[]>([]);
  useEffect(() => {
    let live = true;
    flowFields(flowId).then(
      (f) => live && setChild(f),
      () => live && setChild([]),
    );
    return () => {
      live = false;
    };
  }, [flowId]);
  const opts = (list: FlowField[]) => list.map((f) => ({ value: f.vModel, label: f.label }));
  const set = (i: number, patch: Partial<Assign>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="flow-assign-list">
      {rows.map((r, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <Select style={{ width: '45%' }} aria-label={t('flow.props.parentField')} value={r.parentField || undefined} options={opts(parent)} onChange={(v) => set(i, { parentField: v })} />
          <Select style={{ width: '45%' }} aria-label={t('flow.props.childField')} value={r.childField || undefined} options={opts(child)} onChange={(v) => set(i, { childField: v })} />
          <Button icon={<DeleteOutlined />} aria-label={t('flow.props.removeRow')} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} disabled={!flowId} onClick={() => onChange([...rows, { parentField: '', childField: '' }])}>
        {t('flow.props.addAssign')}
      </Button>
    </div>
  );
}
