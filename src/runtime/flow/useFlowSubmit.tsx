import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { toast } from '../../api/toast';
import { type ChosenNext, type LaunchBody, type NextChoices, nextChoices, saveFlowTask } from '../../api/workflow';
import type { CompiledForm } from '../../engine/compile';
import type { FieldError } from '../../engine/validate';
import { WORKFLOW_NS } from './i18n';
import NextChoicesDialog from './NextChoices';

/** One submit or draft save: the launch body (without the next step's choices) and where it goes. */
export interface FlowSubmitRequest {
  body: Omit<LaunchBody, 'branchList' | 'candidateList'>;
  /** An existing task (a draft, rejected or withdrawn one): PUT FlowTask/{taskId}; absent: POST FlowTask. */
  taskId?: string;
  /** The form the record was filled in: a submit (status 0) checks the record with the engine's rules first. */
  compiled?: CompiledForm | null;
}

/** What {@link useFlowSubmit} gives its screen. */
export interface FlowSubmit {
  /** Checks, asks what the first step needs chosen, then sends; resolves once sent, refused or abandoned. */
  submit: (req: FlowSubmitRequest) => Promise<void>;
  /** True while the launch is being sent. */
  busy: boolean;
  /** The field errors of the last check (shown under the fields). */
  errors: FieldError[];
  /** The branch / candidate dialog (render it once in the screen). */
  dialog: ReactNode;
}

/**
 * The one submit path of a flow's form (issue 15 item 4; reference §3): used by the launch dialog (发起流程), the task
 * page's resubmit and a flow-enabled model list's 提交审核. A submit (body.status 0) checks the record when a form is
 * given (400-style field errors returned in `errors`, nothing sent), then asks POST FlowBefore/Candidates/0 what the
 * first step needs chosen: nothing (type 3) sends at once; approver-chosen branches (type 1) or picked approvers of
 * assigneeType-7 nodes (type 2) open the NextChoices dialog, whose 确定 sends the launch with `branchList` /
 * `candidateList` (取消 sends nothing). A draft (status 1) is sent as it is. Sent: the server's msg is toasted and
 * `onDone` runs with the answer; a refusal was toasted by the api client.
 */
export function useFlowSubmit(onDone: (answer: Envelope<{ id: string; status: number }>) => void): FlowSubmit {
  const { t } = useTranslation(WORKFLOW_NS);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [asking, setAsking] = useState<{ choices: NextChoices; req: FlowSubmitRequest } | null>(null);

  const send = useCallback(
    async (req: FlowSubmitRequest, next: ChosenNext = {}) => {
      setBusy(true);
      try {
        const env = await saveFlowTask({ ...req.body, ...next }, req.taskId);
        toast('success', env.msg || t('task.ok'), 1500);
        onDone(env);
      } catch {
        /* toasted by the client (400: the field's message; 403/404 refusals) */
      } finally {
        setBusy(false);
      }
    },
    [onDone, t],
  );

  const submit = useCallback(
    async (req: FlowSubmitRequest) => {
      if (req.body.status === 1) return send(req);
      let body = req.body;
      if (req.compiled) {
        // The form's check (ajv) loads with the first submit, not with every list that offers 提交审核 (issue 26, B26).
        const { checkFlowRecord } = await import('./FlowForm');
        const checked = checkFlowRecord(req.compiled, req.body.formData);
        setErrors(checked.errors);
        if (checked.errors.length) return;
        body = { ...req.body, formData: checked.body };
      }
      const checkedReq = { ...req, body };
      const choices = await nextChoices('0', { flowId: body.flowId, formData: body.formData }).catch(() => null);
      if (!choices) return;
      if (choices.type === 3) return send(checkedReq);
      setAsking({ choices, req: checkedReq });
    },
    [send],
  );

  const dialog = (
    <NextChoicesDialog
      choices={asking?.choices ?? null}
      onCancel={() => setAsking(null)}
      onChosen={(next) => {
        const req = asking?.req;
        setAsking(null);
        if (req) void send(req, next);
      }}
    />
  );
  return { submit, busy, errors, dialog };
}
