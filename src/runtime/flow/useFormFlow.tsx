import { App } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as onlineDev from '../../api/onlineDev';
import { flowsOfModel, flowTask, type ModelFlow } from '../../api/workflow';
import { RUNTIME_NS } from '../i18n';
import { FlowChoice } from './FlowChoice';
import { useFlowSubmit } from './useFlowSubmit';

/** What a flow button of the record dialog does once the record is saved: keep it as a draft, or submit it. */
export type FormFlowKind = 'draft' | 'submit';

/** What {@link useFormFlow} needs. */
export interface FormFlowOptions {
  moduleId: string;
  /** False: no flow buttons (a model without a flow, the read-only view, a built-in page's source). */
  enabled: boolean;
  /** The field naming the record in a new task's title (`<flow> <value>`, as the list's 提交审核); absent: the server's title. */
  titleField?: string;
  /** Runs once the task was sent (saved as a draft or submitted): the dialog closes and the list reloads. */
  onDone: () => void;
}

/** The record dialog's flow part. */
export interface FormFlow {
  /** Whether 暂存 and 提交审核 are offered: a released flow bound to the model that the caller may launch. */
  shown: boolean;
  /**
   * Sends the task of record `id` (already saved) as `kind`. Resolves once sent, refused (toasted by the api client)
   * or waiting in the next-step dialog; `onDone` runs only when the task was sent.
   */
  run: (kind: FormFlowKind, id: string) => Promise<void>;
  /** True while the task is being sent. */
  busy: boolean;
  /** The branch / candidate dialog of a submit (render it once with the form). */
  dialog: ReactNode;
}

/** Task states (the record's flowState) whose task the launcher may still change: 草稿, 审核驳回, 流程撤回. */
const OPEN_TASK = new Set([0, 3, 4]);

/**
 * 暂存 and 提交审核 in the add/edit dialog of a flow-enabled model (issue 15 item 3; JNPF FlowBox's 保存草稿 and
 * 提交审核, request status 1 and 0 of FlowTask): the dialog saves the record first (its own path: validation, version),
 * then this reads the stored record and sends the task through the one submit path (useFlowSubmit):
 * - a record without a task: POST FlowTask with id = the record id on the model's flow (FlowEngine/ByForm; a choice
 *   when the caller may launch several), titled `<flow> <titleField value>`; 暂存 makes it a draft (task status 0,
 *   the list's 草稿), 提交审核 submits it (asking approver-chosen branches or picked approvers first);
 * - a draft, rejected or withdrawn task: PUT FlowTask/{id} on the task's own flow; 暂存 keeps its status with the
 *   new form data, 提交审核 resubmits it.
 * A record in audit or audited cannot be edited (the server refuses the save), so it never gets here.
 */
export function useFormFlow(o: FormFlowOptions): FormFlow {
  const { moduleId, enabled, titleField, onDone } = o;
  const { t: rt } = useTranslation(RUNTIME_NS);
  const { modal } = App.useApp();
  const [flows, setFlows] = useState<ModelFlow[]>([]);
  const { submit, busy, dialog } = useFlowSubmit(onDone);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    flowsOfModel(moduleId).then(
      (r) => live && setFlows(r.list),
      () => live && setFlows([]),
    );
    return () => {
      live = false;
    };
  }, [moduleId, enabled]);

  /** The flow of a new task: the only one, or the one picked in a confirmation (undefined when none or cancelled). */
  const pickFlow = useCallback(
    () =>
      new Promise<ModelFlow | undefined>((resolve) => {
        if (flows.length < 2) return resolve(flows[0]);
        let chosen = flows[0];
        modal.confirm({
          title: rt('list.flowChoose'),
          content: <FlowChoice flows={flows} defaultValue={chosen.id} onChange={(id) => (chosen = flows.find((f) => f.id === id) ?? chosen)} label={rt('list.flowChoose')} data-testid="form-flow-choose" />,
          okText: rt('list.ok'),
          cancelText: rt('list.cancel'),
          onOk: () => resolve(chosen),
          onCancel: () => resolve(undefined),
        });
      }),
    [flows, modal, rt],
  );

  const run = useCallback(
    async (kind: FormFlowKind, id: string) => {
      const status = kind === 'draft' ? 1 : 0;
      try {
        const formData = await onlineDev.get(moduleId, id);
        const state = typeof formData.flowState === 'number' ? formData.flowState : null;
        if (state !== null) {
          if (!OPEN_TASK.has(state)) return;
          const { flowId } = await flowTask(id);
          await submit({ body: { flowId, formData, status }, taskId: id });
          return;
        }
        const flow = await pickFlow();
        if (!flow) return;
        const name = titleField && formData[titleField] != null && formData[titleField] !== '' ? String(formData[titleField]) : '';
        await submit({ body: { flowId: flow.id, id, fullName: name ? `${flow.fullName} ${name}` : undefined, formData, status } });
      } catch {
        // Toasted by the api client (the record or its task is gone or not readable).
      }
    },
    [moduleId, titleField, submit, pickFlow],
  );

  return { shown: enabled && flows.length > 0, run, busy, dialog };
}
