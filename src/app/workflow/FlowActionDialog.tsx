import { Form, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../../schemas/form';
import { toast } from '../../api/toast';
import { type FlowActionKey, type FlowTaskDetail, flowAction, type HandleBody, type NextChoices, nextChoices } from '../../api/workflow';
import FlowForm, { useCompiledFlowForm } from '../../runtime/flow/FlowForm';
import { WORKFLOW_NS } from '../../runtime/flow/i18n';
import { chosenOf, NextChoiceFields } from '../../runtime/flow/NextChoices';

/** The actions that open this dialog (the others run at once). */
export type DialogAction = Extract<FlowActionKey, 'audit' | 'reject' | 'recall' | 'transfer' | 'freeApprover' | 'assign' | 'cancel' | 'withdraw' | 'unAudit'>;

/** The one-field form of the user picker (the organisation picker renderer, userSelect). */
const userForm = (multiple: boolean) => ({ fields: [{ __config__: { kdKey: 'userSelect', label: '', required: !multiple, regList: [], span: 24, layout: 'colFormItem', showLabel: false }, __vModel__: 'user', placeholder: '', multiple }] }) as unknown as FormConfig;
const USER_FORM = userForm(false);
/** The CC picker (several users). */
const CC_FORM = userForm(true);
/** The signature pad (signature_pad), loaded only when a node asks for a signature. */
const SignPad = lazy(() => import('./SignPad'));
/** A node property flag of the flow JSON (true, 1 or '1'). */
const flag = (v: unknown) => v === true || v === 1 || v === '1';

/** Props of {@link FlowActionDialog}. */
export interface FlowActionDialogProps {
  action: DialogAction | null;
  /** The id the action is sent with: the caller's operator (audit, reject, transfer, freeApprover), record (recall) or the task. */
  targetId: string;
  detail: FlowTaskDetail;
  onClose: () => void;
  /** After the server accepted it (its msg already toasted). */
  onDone: () => void;
  /** With 同意: the approver's edits of the node's writable fields, sent as the body's formData. */
  formData?: Record<string, unknown>;
}

/**
 * The dialog of a task action (issue 15 item 4): the opinion; for reject where it goes back to (the node's rejectStep),
 * chosen here when the node lets the approver choose (rejectStep '2': the launcher, the previous or a done approver node); for transfer and assign the user (the
 * organisation picker; 请选择办理人 when none) and for assign the running node; for 同意 what the next step needs
 * chosen (FlowBefore/Candidates: branches or picked approvers). 加签 (freeApprover): the user, before (the caller waits
 * for the signer) or after (the caller's agree is recorded, the signer handles next), the opinion. On a node that lets
 * the approver choose CC (`isCustomCopy`) 同意 has a multi-user picker sent as copyIds; on a node that asks for a
 * signature (`hasSign`) 同意, 拒绝 and 加签 after show the signature pad (drawn, or a typed name rendered as the
 * signature image so the dialog can be completed from the keyboard), and sending unsigned is refused here
 * (请先签名) as the server does. 确定 sends the action; a refusal keeps the dialog open with the server's message
 * toasted by the client.
 */
export default function FlowActionDialog({ action, targetId, detail, onClose, onDone, formData }: FlowActionDialogProps) {
  const { t } = useTranslation(WORKFLOW_NS);
  const [opinion, setOpinion] = useState('');
  const [user, setUser] = useState<string>('');
  const running = useMemo(() => detail.flowTaskNodeList.filter((n) => n.completion === 0 && n.nodeType !== 'start'), [detail]);
  const [node, setNode] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<string>('0');
  const [busy, setBusy] = useState(false);
  const picker = useCompiledFlowForm(action === 'transfer' || action === 'assign' || action === 'freeApprover' ? USER_FORM : null);
  const props = detail.approversProperties ?? {};
  const ccPicker = useCompiledFlowForm(action === 'audit' && flag(props.isCustomCopy) ? CC_FORM : null);
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [signerType, setSignerType] = useState<1 | 2>(1);
  const [sign, setSign] = useState('');
  const needSign = flag(props.hasSign) && (action === 'audit' || action === 'reject' || (action === 'freeApprover' && signerType === 2));
  // Where a reject goes (engine default '1' the previous node): '0' the launcher, '1' previous, a node id, '2' chosen here.
  const rejectStep = String(detail.approversProperties?.rejectStep ?? '1');
  const choosable = rejectStep === '2';
  const doneNodes = detail.flowTaskNodeList.filter((n) => n.completion === 1 && n.nodeType === 'approver');
  const stepLabel = (v: string) => (v === '0' ? t('task.rejectToStart') : v === '1' ? t('task.rejectToPrevious') : (detail.flowTaskNodeList.find((n) => n.nodeCode === v)?.nodeName ?? v));
  // 同意: what the next step needs chosen (approver-chosen branches, picked approvers), asked of the server on opening.
  const [choices, setChoices] = useState<NextChoices | null>(null);
  const [picked, setPicked] = useState<Record<string, string[]>>({});

  useEffect(() => {
    if (!action) return;
    setOpinion('');
    setUser('');
    setStep('0');
    setNode(running[0]?.nodeCode);
    setChoices(null);
    setPicked({});
    setCopyIds([]);
    setSignerType(1);
    setSign('');
    if (action !== 'audit' || !targetId) return;
    let live = true;
    nextChoices(targetId, { formData: { ...(detail.formData ?? {}), ...(formData ?? {}) } }).then(
      (c) => live && setChoices(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [action, running, targetId, detail.formData, formData]);

  const send = async () => {
    if (!action) return;
    const body: HandleBody = { handleOpinion: opinion.trim() || undefined };
    if (action === 'transfer' || action === 'assign' || action === 'freeApprover') {
      if (!user) return toast('error', t('task.chooseUser'), 1500);
      body.freeApproverUserId = user;
    }
    if (action === 'assign') {
      if (!node) return toast('error', t('task.chooseNode'), 1500);
      body.nodeCode = node;
    }
    if (action === 'freeApprover') body.freeApproverType = signerType;
    if (action === 'reject' && choosable) body.rejectStep = step;
    if (needSign && !sign) return toast('error', t('task.signRequired'), 1500);
    if (needSign) body.signImg = sign;
    if (action === 'audit') {
      const r = chosenOf(choices, picked);
      if ('missing' in r) return toast('error', r.missing ? t('next.chooseApprover', { node: r.missing }) : t('next.chooseBranch'), 1500);
      Object.assign(body, r.next);
      if (formData && Object.keys(formData).length) body.formData = formData;
      if (copyIds.length) body.copyIds = copyIds;
    }
    setBusy(true);
    try {
      const env = await flowAction(action, targetId, body);
      toast('success', env.msg || t('task.ok'), 1500);
      onDone();
    } catch {
      /* the client toasted the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!action}
      title={action ? t(`action.${action}`) : ''}
      onCancel={onClose}
      onOk={send}
      okText={t('task.ok')}
      cancelText={t('task.cancelButton')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'flow-action-ok', danger: action === 'reject' || action === 'cancel' || action === 'unAudit' } as never}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form layout="vertical" data-testid="flow-action-dialog" data-action={action ?? ''}>
        {action === 'unAudit' ? <Typography.Paragraph>{t('task.confirmUnAudit', { name: detail.flowTaskInfo.fullName })}</Typography.Paragraph> : null}
        {action === 'assign' ? (
          <Form.Item label={t('task.node')}>
            <Select aria-label={t('task.node')} value={node} onChange={setNode} options={running.map((n) => ({ value: n.nodeCode, label: n.nodeName }))} />
          </Form.Item>
        ) : null}
        {picker ? (
          <Form.Item label={t('task.toUser')} required>
            <FlowForm compiledForm={picker} data={{}} editable onChange={(r) => setUser(typeof r.user === 'string' ? r.user : '')} />
          </Form.Item>
        ) : null}
        {action === 'freeApprover' ? (
          <Form.Item label={t('task.signerType')}>
            <Radio.Group data-testid="flow-signer-type" value={signerType} onChange={(e) => setSignerType(e.target.value)} options={[{ value: 1, label: t('task.signerBefore') }, { value: 2, label: t('task.signerAfter') }]} />
          </Form.Item>
        ) : null}
        {ccPicker ? (
          <Form.Item label={t('task.copyTo')}>
            <div data-testid="flow-cc-picker">
              <FlowForm compiledForm={ccPicker} data={{}} editable onChange={(r) => setCopyIds(Array.isArray(r.user) ? r.user.filter((x): x is string => typeof x === 'string') : [])} />
            </div>
          </Form.Item>
        ) : null}
        {action === 'audit' ? <NextChoiceFields choices={choices} picked={picked} onChange={setPicked} /> : null}
        {action === 'reject' && choosable ? (
          <Form.Item label={t('task.rejectTo')}>
            <Select
              aria-label={t('task.rejectTo')}
              value={step}
              onChange={setStep}
              options={[
                { value: '0', label: t('task.rejectToStart') },
                { value: '1', label: t('task.rejectToPrevious') },
                ...doneNodes.map((n) => ({ value: n.nodeCode, label: n.nodeName })),
              ]}
            />
          </Form.Item>
        ) : null}
        {action === 'reject' && !choosable && detail.approversProperties ? (
          <Form.Item label={t('task.rejectTo')}>
            <Typography.Text data-testid="flow-reject-to">{stepLabel(rejectStep)}</Typography.Text>
          </Form.Item>
        ) : null}
        <Form.Item label={t('task.opinion')}>
          <Input.TextArea data-testid="flow-opinion" aria-label={t('task.opinion')} rows={4} maxLength={2000} placeholder={t('task.opinionPlaceholder')} value={opinion} onChange={(e) => setOpinion(e.target.value)} />
        </Form.Item>
        {needSign ? (
          <Form.Item label={t('task.sign')} required>
            <div data-testid="flow-sign-pad" data-signed={!!sign}>
              <Suspense fallback={<Spin size="small" />}>
                <SignPad onChange={setSign} label={t('task.signHere')} clearText={t('task.signClear')} hint={t('task.signRequired')} typeLabel={t('task.signTyped')} typeApply={t('task.signTypedApply')} />
              </Suspense>
            </div>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
