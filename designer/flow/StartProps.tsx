import { Form, Select } from 'antd';
import type { NodePropsEditor } from './ApproverProps';
import OrgSelect from './OrgSelect';

const ids = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

/**
 * The start node's properties (reference §1 Start): launch rights (users / positions / roles / departments; none =
 * everyone; the server writes them to FLOW_ENGINEVISIBLE) and what happens when an approver resolves to nobody
 * (errorRule 1 administrators, 2 named users, 3 picked at submission, 4 auto-pass; none = submission refused).
 */
export default function StartProps({ node, set, t }: Pick<NodePropsEditor, 'node' | 'set' | 't'>) {
  const p = node.properties;
  const rule = p.errorRule === undefined || p.errorRule === null || p.errorRule === '' ? 0 : Number(p.errorRule);
  const org = (key: string, kind: 'users' | 'positions' | 'roles' | 'departments') => (
    <Form.Item label={t(`flow.basic.${key}`)} key={key}>
      <OrgSelect kind={kind} id={`flow-start-${key}`} value={ids(p[key])} onChange={(v) => set(key, v)} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('flow.basic.launchRights')} extra={t('flow.basic.launchAll')} style={{ marginBottom: 8 }} />
      {org('initiator', 'users')}
      {org('initiatePos', 'positions')}
      {org('initiateRole', 'roles')}
      {org('initiateOrg', 'departments')}
      <Form.Item label={t('flow.basic.errorRule')}>
        <Select
          data-testid="flow-error-rule"
          value={rule}
          onChange={(v) => set('errorRule', v === 0 ? undefined : v)}
          options={[0, 1, 2, 3, 4].map((v) => ({ value: v, label: t(v === 0 ? 'flow.basic.errorRuleNone' : `flow.basic.errorRule${v}`) }))}
        />
      </Form.Item>
      {rule === 2 && (
        <Form.Item label={t('flow.basic.errorRuleUser')}>
          <OrgSelect kind="users" id="flow-error-rule-user" value={ids(p.errorRuleUser)} onChange={(v) => set('errorRuleUser', v)} />
        </Form.Item>
      )}
    </>
  );
}
