import { Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../api/toast';
import { type FlowTaskDetail, flowAction, taskDetail } from '../../api/workflow';
import type { FieldError } from '../../engine/validate';
import FlowForm, { checkFlowRecord, useCompiledFlowForm } from '../../runtime/flow/FlowForm';
import { WORKFLOW_NS } from '../../runtime/flow/i18n';
import { useFlowSubmit } from '../../runtime/flow/useFlowSubmit';
import { userInfoAtom } from '../session/atoms';
import { useBackToList } from './backTo';
import FlowActionDialog, { type DialogAction } from './FlowActionDialog';
import FlowProgress from './FlowProgress';
import { applyFormOperates, writableIds } from './formOperates';

/** Tag colours of the task status (spec 001 §3: 0 draft … 5 cancel; 6 suspended by the flow monitor) and the urgency (1–3). */
export const STATUS_COLORS = ['default', 'processing', 'success', 'error', 'warning', 'default', 'error'] as const;
const URGENT_COLORS = ['', 'default', 'orange', 'red'] as const;

/**
 * The task page (issue 15 item 4; JNPF FlowBox), route /workFlow/task?taskId=…&operatorId=…&from=todo|done|circulate|
 * launch|monitor: loads GET FlowBefore/{taskId} (with the caller's open to-do, so the node's field permissions come
 * along) and shows the flow's form under those permissions, the progress and the records with opinions, and the
 * buttons the caller may use — the open to-do's holder: 同意, 拒绝, 转办, and 加签 when the node allows it (hasFreeApprover); an approver whose agree the next node has not
 * touched: 撤回审批; the launcher of a task in approval: 撤回, 催办; the launcher of a draft, rejected or withdrawn task:
 * the form editable with 提交 and 保存草稿; administrators: 指派, 终止, and 反审核 once approved. An approver whose node marks fields `write`
 * edits those (the others disabled) and 同意 sends them (checked first; the server keeps only writable ones). The server checks each action and its refusal
 * is toasted; after an action the page returns to the list it came from, refreshed. Generic: any flow's form.
 */
export default function FlowTaskPage() {
  const { t } = useTranslation(WORKFLOW_NS);
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const from = params.get('from');
  const me = useAtomValue(userInfoAtom);
  const [detail, setDetail] = useState<FlowTaskDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [edits, setEdits] = useState<Record<string, unknown> | undefined>(undefined);
  const record = useRef<Record<string, unknown>>({});
  const userId = me?.userId ?? '';

  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    (async () => {
      const given = params.get('operatorId') ?? undefined;
      let d = await taskDetail(taskId, given);
      // Opened without the to-do (a list other than 待办, a message): ask again with the caller's open one.
      const open = d.flowTaskOperatorList.find((o) => o.handleId === userId && o.state === '0' && o.completion === 0);
      if (!given && open && d.flowTaskInfo.status === 1) d = await taskDetail(taskId, open.id);
      if (!live) return;
      record.current = { ...(d.formData ?? {}) };
      setDetail(d);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [taskId, params, userId]);

  const info = detail?.flowTaskInfo;
  const isLauncher = !!info && info.creatorUserId === userId;
  const editable = !!info && isLauncher && [0, 3, 4].includes(info.status);
  const myOp = useMemo(() => (info?.status === 1 ? detail?.flowTaskOperatorList.find((o) => o.handleId === userId && o.state === '0' && o.completion === 0) : undefined), [detail, info, userId]);
  const myAgree = useMemo(() => (info?.status === 1 && !myOp ? detail?.flowTaskOperatorRecordList.filter((r) => r.handleId === userId && r.handleStatus === 1 && r.status === 0 && r.taskOperatorId).at(-1) : undefined), [detail, info, myOp, userId]);
  // The approver may edit the fields their node marks write (the server accepts only those, issue 15 item 3).
  const writable = useMemo(() => writableIds(myOp ? (detail?.formOperates ?? []) : []), [detail, myOp]);
  const form = useMemo(() => (detail?.flowFormInfo.formData ? applyFormOperates(detail.flowFormInfo.formData, myOp ? detail.formOperates : [], writable.size > 0) : null), [detail, myOp, writable]);
  const compiled = useCompiledFlowForm(form);
  const back = useBackToList(from, myOp ? 'todo' : isLauncher ? 'launch' : 'done');
  const admin = !!me?.isAdministrator && info?.status === 1;
  // 反审核 (unAudit): administrators, on an approved task (the server checks again).
  const canUnAudit = !!me?.isAdministrator && info?.status === 2;
  // 加签 when the holder's node allows it (the node's hasFreeApprover in the flow JSON).
  const addSigner = detail?.approversProperties?.hasFreeApprover;
  const canAddSigner = !!myOp && (addSigner === true || addSigner === 1 || addSigner === '1');

  const onChange = useCallback((r: Record<string, unknown>) => {
    record.current = r;
  }, []);

  /** 同意: with writable fields, checks the form (required ones) and hands their values to the dialog. */
  const openAudit = () => {
    if (writable.size && compiled) {
      const checked = checkFlowRecord(compiled.compiled, record.current);
      setErrors(checked.errors);
      if (checked.errors.length) return;
      setEdits(Object.fromEntries(Object.entries(checked.body).filter(([k]) => writable.has(k))));
    } else setEdits(undefined);
    setDialog('audit');
  };

  // The launcher's resubmit (提交, with the first step's choices) and draft save (保存草稿): the one submit path.
  const { submit, busy, errors: submitErrors, dialog: choicesDialog } = useFlowSubmit(back);
  const save = (status: 0 | 1) => {
    if (!info) return;
    void submit({ body: { flowId: info.flowId, fullName: info.fullName, formData: record.current, status, flowUrgent: info.flowUrgent }, taskId: info.id, compiled: status === 0 ? compiled?.compiled : null });
  };

  const press = async () => {
    if (!info) return;
    try {
      const env = await flowAction('press', info.id);
      toast('success', env.msg || t('task.ok'), 1500);
    } catch {
      /* toasted by the client */
    }
  };

  if (failed) return <Result status="warning" title={t('task.notReadable')} extra={<Button onClick={back}>{t('task.back')}</Button>} data-testid="flow-task-failed" />;
  if (!detail || !info) return <Spin className="kd-page-spin" />;
  const target = dialog === 'recall' ? (myAgree?.id ?? '') : dialog === 'audit' || dialog === 'reject' || dialog === 'transfer' || dialog === 'freeApprover' ? (myOp?.id ?? '') : info.id;
  const button = (key: string, onClick: () => void, extra: Record<string, unknown> = {}) => (
    <Button key={key} data-testid={`flow-action-${key}`} onClick={onClick} {...extra}>
      {t(`action.${key}`)}
    </Button>
  );
  const actions = [
    ...(myOp ? [button('audit', openAudit, { type: 'primary' }), button('reject', () => setDialog('reject'), { danger: true }), button('transfer', () => setDialog('transfer')), ...(canAddSigner ? [button('freeApprover', () => setDialog('freeApprover'), { 'data-testid': 'flow-add-signer' })] : [])] : []),
    ...(myAgree ? [button('recall', () => setDialog('recall'))] : []),
    ...(isLauncher && info.status === 1 ? [button('withdraw', () => setDialog('withdraw')), button('press', () => void press())] : []),
    ...(editable ? [button('submit', () => save(0), { type: 'primary', loading: busy }), button('save', () => save(1), { loading: busy })] : []),
    ...(admin ? [button('assign', () => setDialog('assign')), button('cancel', () => setDialog('cancel'), { danger: true })] : []),
    ...(canUnAudit ? [button('unAudit', () => setDialog('unAudit'), { danger: true })] : []),
  ];

  return (
    <div className="kd-flow-task" data-testid="flow-task-page" data-status={info.status}>
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="flow-task-title">{info.fullName}</span>
            <Tag color={STATUS_COLORS[info.status] ?? 'default'} data-testid="flow-task-status">
              {t(`status.${info.status}`)}
            </Tag>
            {info.flowUrgent > 1 ? <Tag color={URGENT_COLORS[info.flowUrgent]}>{t(`urgent.${info.flowUrgent}`)}</Tag> : null}
          </Space>
        }
        extra={
          <Space wrap data-testid="flow-actions">
            {actions}
            <Button onClick={back} data-testid="flow-back">
              {t('task.back')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('task.flowName')}>{info.flowName}</Descriptions.Item>
          <Descriptions.Item label={t('task.launcher')}>{info.userName}</Descriptions.Item>
          <Descriptions.Item label={t('task.launchTime')}>{info.startTime ? dayjs(info.startTime).format('YYYY-MM-DD HH:mm') : ''}</Descriptions.Item>
        </Descriptions>
        <Card size="small" title={editable || writable.size > 0 ? `${t('task.form')} · ${t('task.editable')}` : t('task.form')} data-testid="flow-task-form">
          <FlowForm compiledForm={compiled} formId={detail.flowFormInfo.formId} data={record.current} editable={editable || writable.size > 0} onChange={onChange} errors={editable ? submitErrors : errors} revision={`${info.id}:${info.status}:${writable.size}`} />
        </Card>
        <FlowProgress detail={detail} />
      </Card>
      <FlowActionDialog action={dialog} targetId={target} detail={detail} onClose={() => setDialog(null)} onDone={back} formData={dialog === 'audit' ? edits : undefined} />
      {choicesDialog}
    </div>
  );
}
