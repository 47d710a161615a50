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
    return (
      <Form.Item label={t('next.branches')} required data-testid="flow-next-branches">
        <Checkbox.Group value={picked.__branches ?? []} onChange={(v) => onChange({ ...picked, __branches: v as string[] })} options={choices.list.map((b) => ({ value: b.nodeId, label: b.nodeName }))} />
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
