import { App, Input, Space } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import { flowAction, flowsOfModel, flowTask, type ModelFlows } from '../api/workflow';
import { FlowChoice } from './flow/FlowChoice';
import { WORKFLOW_NS } from './flow/i18n';
import { useFlowSubmit } from './flow/useFlowSubmit';
import { RUNTIME_NS } from './i18n';

/** The row button values of a flow-enabled model's list. */
export const FLOW_SUBMIT = 'flow:submit';
export const FLOW_VIEW = 'flow:view';
/** 反审核 (spec 001 §4 unAudit): an approved record back to 流程撤回; offered only to whom the server allows (canUnAudit). */
export const FLOW_UNAUDIT = 'flow:unAudit';
/** 审核 (spec 001 §4 audit): on rows whose task waits for the signed-in user (the list row's flowAudit, from the server). */
export const FLOW_AUDIT = 'flow:audit';

/** Audit states (flowState: the task status, null = none yet) from which a record may be submitted: none, 草稿, 审核驳回, 流程撤回. */
const SUBMITTABLE = new Set<number | null>([null, 0, 3, 4]);

const stateOf = (row: Record<string, unknown>): number | null => (typeof row.flowState === 'number' ? row.flowState : null);

/**
 * Whether a flow row button shows on `row` (spec 001 §4): 提交审核 while the record is waiting for submission, a draft,
 * rejected or withdrawn; 审核 while its task waits for the caller (flowAudit: in audit, the caller holds an open
 * to-do of it); 查看流程 once it has a task; 反审核 on an approved one (审核通过, 2). Other buttons: true.
 */
export function flowButtonShown(value: string, row: Record<string, unknown>): boolean {
  if (value === FLOW_SUBMIT) return SUBMITTABLE.has(stateOf(row));
  if (value === FLOW_AUDIT) return row.flowAudit === true && stateOf(row) === 1;
  if (value === FLOW_VIEW) return stateOf(row) !== null;
  if (value === FLOW_UNAUDIT) return stateOf(row) === 2;
  return true;
}

/** What {@link useFlowButtons} needs. */
export interface FlowButtonsOptions {
  moduleId: string;
  /** Whether the model is flow-enabled (its rows carry flowStateText). */
  enabled: boolean;
  /** Names a row in the confirmation and the task title (the first list column's value). */
  titleOf: (row: onlineDev.ModelData) => string;
  /** Opens a client route (the task page); no 查看流程 without it. */
  onNavigate?: (to: string) => void;
  reload: () => void;
}

/** The flow row buttons and what they do. */
export interface FlowButtons {
  buttons: Array<{ value: string; label: string }>;
  /** Runs a flow button on `row`; false when `value` is not one. */
  run: (value: string, row: onlineDev.ModelData) => boolean;
  /** The branch / candidate dialog of a submit (render it once with the list). */
  dialog: ReactNode;
}

/**
 * The flow buttons of a flow-enabled model's list (issue 15 item 3; spec 001 §4; JNPF: the task id of a bound form is
 * the record id): 提交审核 launches the model's released flow (FlowEngine/ByForm; the first the caller may launch, a
 * choice when several) for the record with its stored data (POST FlowTask with id = the record id), or resubmits a
 * draft, rejected or withdrawn task (PUT FlowTask/{id}, the task's own flow), after a confirmation — through the one
 * submit path (useFlowSubmit), so a flow whose first step has approver-chosen branches or submitter-picked approvers
 * asks them in the NextChoices dialog before it is sent; 审核 (rows whose task waits for the caller, the server's
 * flowAudit) opens the task page on the caller's to-do as 待办 does; 查看流程 opens the task page; 反审核 (administrators, as the
 * server's canUnAudit says) takes an approved record back to 流程撤回 after a confirmation with the reason. Refusals are toasted by the api
 * client (the server checks who may launch, the form rules).
 */
export function useFlowButtons(o: FlowButtonsOptions): FlowButtons {
  const { moduleId, enabled, titleOf, onNavigate, reload } = o;
  const { t: rt } = useTranslation(RUNTIME_NS);
  const { t: wt } = useTranslation(WORKFLOW_NS);
  const { modal } = App.useApp();
  const [{ list: flows, canUnAudit }, setFlows] = useState<ModelFlows>({ list: [], canUnAudit: false });
  const { submit: send, dialog } = useFlowSubmit(reload);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    flowsOfModel(moduleId).then(
      (list) => live && setFlows(list),
      () => live && setFlows({ list: [], canUnAudit: false }),
    );
    return () => {
      live = false;
    };
  }, [moduleId, enabled]);

  const buttons = useMemo(() => {
    if (!enabled) return [];
    const out: FlowButtons['buttons'] = [];
    if (flows.length) out.push({ value: FLOW_SUBMIT, label: rt('list.flowSubmit') });
    if (onNavigate) out.push({ value: FLOW_AUDIT, label: wt('model.audit') }, { value: FLOW_VIEW, label: rt('list.flowView') });
    if (canUnAudit) out.push({ value: FLOW_UNAUDIT, label: wt('action.unAudit') });
    return out;
  }, [enabled, flows.length, canUnAudit, onNavigate, rt, wt]);

  const submit = useCallback(
    (row: onlineDev.ModelData) => {
      const id = String(row.id);
      const name = titleOf(row);
      const resubmit = stateOf(row) !== null;
      let chosen = flows[0]?.id;
      modal.confirm({
        title: rt('list.flowSubmit'),
        content: (
          <Space orientation="vertical" data-testid="flow-submit-confirm">
            <span>{rt('list.flowConfirm', { name })}</span>
            {!resubmit && flows.length > 1 ? (
              <FlowChoice flows={flows} defaultValue={chosen} onChange={(id) => (chosen = id)} label={rt('list.flowChoose')} />
            ) : null}
          </Space>
        ),
        okText: rt('list.ok'),
        cancelText: rt('list.cancel'),
        onOk: async () => {
          try {
            const formData = await onlineDev.get(moduleId, id);
            const flowId = resubmit ? (await flowTask(id)).flowId : chosen;
            if (!flowId) return;
            const flow = flows.find((f) => f.id === flowId);
            const fullName = !resubmit && flow && name ? `${flow.fullName} ${name}` : undefined;
            await send({ body: { flowId, ...(resubmit ? {} : { id }), fullName, formData, status: 0 }, taskId: resubmit ? id : undefined });
          } catch {
            // Toasted by the api client (the record or task is gone, not readable).
          }
          reload();
        },
      });
    },
    [flows, modal, rt, moduleId, titleOf, reload, send],
  );

  /** 反审核: a confirmation with the reason, then POST FlowBefore/UnAudit/{record id}; the server decides (refusals toasted). */
  const unAudit = useCallback(
    (row: onlineDev.ModelData) => {
      let reason = '';
      modal.confirm({
        title: wt('action.unAudit'),
        content: (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="flow-unaudit-confirm">
            <span>{wt('task.confirmUnAudit', { name: titleOf(row) })}</span>
            <Input.TextArea aria-label={wt('task.unAuditReason')} placeholder={wt('task.unAuditReason')} rows={3} maxLength={2000} onChange={(e) => (reason = e.target.value)} />
          </Space>
        ),
        okText: rt('list.ok'),
        cancelText: rt('list.cancel'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            const env = await flowAction('unAudit', String(row.id), { handleOpinion: reason.trim() || undefined });
            toast('success', env.msg || wt('task.unAudited'), 1500);
          } catch {
            // Toasted by the api client (not an administrator, no longer approved).
          }
          reload();
        },
      });
    },
    [modal, rt, wt, titleOf, reload],
  );

  const run = useCallback(
    (value: string, row: onlineDev.ModelData) => {
      if (value === FLOW_SUBMIT) submit(row);
      else if (value === FLOW_UNAUDIT) unAudit(row);
      else if (value === FLOW_VIEW) onNavigate?.(`/workFlow/task?taskId=${encodeURIComponent(String(row.id))}`);
      // The task page as 待办 opens it: the caller's to-do (operatorId) with its approve/reject actions.
      else if (value === FLOW_AUDIT) onNavigate?.(`/workFlow/task?taskId=${encodeURIComponent(String(row.id))}&operatorId=${encodeURIComponent(String(row.flowOperatorId ?? ''))}&from=todo`);
      else return false;
      return true;
    },
    [submit, unAudit, onNavigate],
  );
  return { buttons, run, dialog };
}
