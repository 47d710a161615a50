import { Checkbox, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import type { NextChoices as Choices, ChosenNext } from '../../api/workflow';
import { WORKFLOW_NS } from './i18n';

/** The choices of `c` as sent (`branchList` / `candidateList`), or the message naming what is missing. */
export function chosenOf(c: Choices | null, picked: Record<string, string[]>): { next: ChosenNext } | { missing: string } {
  if (!c || c.type === 3) return { next: {} };
  if (c.type === 1) return picked.__branches?.length ? { next: { branchList: picked.__branches } } : { missing: '' };
  const empty = c.list.find((n) => !picked[n.nodeId]?.length);
  return empty ? { missing: empty.nodeName } : { next: { candidateList: Object.fromEntries(c.list.map((n) => [n.nodeId, picked[n.nodeId]])) } };
}

/**
 * The inputs of what the next step needs chosen (FlowBefore/Candidates, reference §3): the branches of an approver-
 * chosen gateway (checkboxes, type 1) or, per node whose approvers are picked (assigneeType 7), its approvers (type 2).
 * Controlled: `picked` maps a node id (or `__branches`) to the chosen ids.
 */
export function NextChoiceFields({ choices, picked, onChange }: { choices: Choices | null; picked: Record<string, string[]>; onChange: (next: Record<string, string[]>) => void }) {
  const { t } = useTranslation(WORKFLOW_NS);
  if (!choices || choices.type === 3) return null;
  if (choices.type === 1) {
    const branches = picked.__branches ?? [];
    /** Ticks or unticks one branch, the others as they were (in the gateway's order). */
    const toggleBranch = (nodeId: string, on: boolean) =>
      onChange({ ...picked, __branches: choices.list.map((b) => b.nodeId).filter((n) => (n === nodeId ? on : branches.includes(n))) });
    return (
      <Form.Item label={t('next.branches')} required data-testid="flow-next-branches">
        {/* Plain checkboxes, each toggling its own branch: antd's Checkbox.Group answered a click only with the branches whose
            checkboxes had registered in an effect, so a click the moment the dialog appeared chose nothing. */}
        <fieldset aria-label={t('next.branches')} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4, border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          {choices.list.map((b) => (
            <Checkbox key={b.nodeId} checked={branches.includes(b.nodeId)} onChange={(e) => toggleBranch(b.nodeId, e.target.checked)}>
              {b.nodeName}
            </Checkbox>
          ))}
        </fieldset>
      </Form.Item>
    );
  }
  return (
    <>
      {choices.list.map((n) => (
        <Form.Item key={n.nodeId} label={t('next.approvers', { node: n.nodeName })} required>
          <Select
            mode="multiple"
            aria-label={t('next.approvers', { node: n.nodeName })}
            data-testid={`flow-next-${n.nodeId}`}
            optionFilterProp="label"
            value={picked[n.nodeId] ?? []}
            onChange={(v) => onChange({ ...picked, [n.nodeId]: v })}
            options={n.candidates.map((u) => ({ value: u.id, label: u.fullName }))}
          />
        </Form.Item>
      ))}
    </>
  );
}

/**
 * A dialog asking for the next step's choices before a launch or resubmit (`choices` of type 1 or 2; closed when
 * null). 确定 checks that every branch group / node has a choice (请选择分支, 请选择X的审批人) and hands them to `onChosen`.
 */
export default function NextChoicesDialog({ choices, onCancel, onChosen }: { choices: Choices | null; onCancel: () => void; onChosen: (next: ChosenNext) => void }) {
  const { t } = useTranslation(WORKFLOW_NS);
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const ok = () => {
    const r = chosenOf(choices, picked);
    if ('missing' in r) return toast('error', r.missing ? t('next.chooseApprover', { node: r.missing }) : t('next.chooseBranch'), 1500);
    setPicked({});
    onChosen(r.next);
  };
  return (
    <Modal open={!!choices && choices.type !== 3} title={t('next.title')} onCancel={onCancel} onOk={ok} okText={t('task.ok')} cancelText={t('task.cancelButton')} okButtonProps={{ 'data-testid': 'flow-next-ok' } as never} destroyOnHidden>
      <Form layout="vertical" data-testid="flow-next-dialog">
        <NextChoiceFields choices={choices} picked={picked} onChange={setPicked} />
      </Form>
    </Modal>
  );
}
