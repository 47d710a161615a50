import { Button, Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { type FlowFormInfo, launchForm } from '../../api/workflow';
import { defaultRecord } from '../compileModel';
import FlowForm, { useCompiledFlowForm } from './FlowForm';
import { WORKFLOW_NS } from './i18n';
import { useFlowSubmit } from './useFlowSubmit';

/** A flow offered for launching: its id and name. */
export interface LaunchChoice {
  id: string;
  fullName: string;
}

/** Props of {@link FlowLaunchDialog}. */
export interface FlowLaunchDialogProps {
  /** The flows to choose from (radio buttons when more than one, the first chosen); null or empty = closed. */
  flows: LaunchChoice[] | null;
  onClose: () => void;
  /** After a launch or a draft save (the server's answer: the task id and status). */
  onDone: (answer: Envelope<{ id: string; status: number }>) => void;
}

/** The chosen flow's form as GET FlowLaunch/Form/{flowId} answers it (null while loading). */
type Loaded = FlowFormInfo & { flowId: string };

/**
 * The launch dialog (发起流程; issue 15 item 4, JNPF workFlow/flowQuickLaunch's form step): picks one of `flows`, loads its
 * form (FlowLaunch/Form/{flowId}: refused when the caller may not launch it) and lets the caller fill it with the
 * task's title (default: the flow's name) and urgency. 提交 (data-testid flow-launch-submit) checks the form, asks the
 * approver-chosen branches / submitter-picked approvers of the first step (useFlowSubmit: FlowBefore/Candidates, the
 * NextChoices dialog) and launches (POST FlowTask status 0); 保存草稿 (flow-launch-save) keeps a draft (status 1).
 * Field errors of the check or of the server's 400 show under the fields. Opened by the 发起流程 page config's row
 * action (src/pages/workflow/addFlow.page.json, runtime/actionDialogs.ts).
 */
export default function FlowLaunchDialog({ flows, onClose, onDone }: FlowLaunchDialogProps) {
  const { t } = useTranslation(WORKFLOW_NS);
  const open = !!flows?.length;
  const [flowId, setFlowId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [title, setTitle] = useState('');
  const [urgent, setUrgent] = useState(1);
  const record = useRef<Record<string, unknown>>({});
  const compiled = useCompiledFlowForm(loaded?.formData ?? null);
  const { submit, busy, errors, dialog } = useFlowSubmit(onDone);
  // The host's close callback, read when a form fails to load (a new callback each render must not reload the form).
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => setFlowId(flows?.[0]?.id ?? null), [flows]);
  useEffect(() => {
    setLoaded(null);
    if (!flowId) return;
    let live = true;
    launchForm(flowId).then(
      (f) => live && setLoaded({ flowId, formId: f.formId, formData: f.formData }),
      () => live && closeRef.current(),
    );
    return () => {
      live = false;
    };
  }, [flowId]);
  useEffect(() => {
    record.current = compiled ? defaultRecord(compiled.compiled) : {};
  }, [compiled]);
  const onChange = useCallback((r: Record<string, unknown>) => {
    record.current = r;
  }, []);

  const flow = flows?.find((f) => f.id === flowId);
  const send = (status: 0 | 1) => {
    if (!loaded) return;
    void submit({ body: { flowId: loaded.flowId, fullName: title.trim() || undefined, formData: record.current, status, flowUrgent: urgent }, compiled: status === 0 ? compiled?.compiled : null });
  };
  const footer = !loaded ? null : [
    <Button key="cancel" onClick={onClose}>
      {t('task.cancelButton')}
    </Button>,
    <Button key="save" loading={busy} onClick={() => send(1)} data-testid="flow-launch-save">
      {t('action.save')}
    </Button>,
    <Button key="submit" type="primary" loading={busy} onClick={() => send(0)} data-testid="flow-launch-submit">
      {t('action.submit')}
    </Button>,
  ];
  return (
    <Modal open={open} title={flow ? `${t('launch.title')}：${flow.fullName}` : t('launch.title')} width={900} onCancel={onClose} footer={footer} destroyOnHidden className="kd-flow-launch">
      {loaded ? (
        <div data-testid="flow-launch-form">
          {flows && flows.length > 1 ? (
            <Radio.Group aria-label={t('launch.chooseFlow')} value={flowId} onChange={(e) => setFlowId(e.target.value)} style={{ marginBottom: 12 }} options={flows.map((f) => ({ value: f.id, label: f.fullName }))} />
          ) : null}
          <Form layout="inline" style={{ marginBottom: 16 }}>
            <Form.Item label={t('launch.flowTitle')}>
              <Input data-testid="flow-launch-title" aria-label={t('launch.flowTitle')} style={{ width: 320 }} maxLength={200} value={title} placeholder={t('launch.titlePlaceholder', { name: flow?.fullName ?? '' })} onChange={(e) => setTitle(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('launch.urgent')}>
              <Select aria-label={t('launch.urgent')} style={{ width: 120 }} value={urgent} onChange={setUrgent} options={[1, 2, 3].map((v) => ({ value: v, label: t(`urgent.${v}`) }))} />
            </Form.Item>
          </Form>
          <FlowForm compiledForm={compiled} formId={loaded.formId} data={record.current} editable onChange={onChange} errors={errors} revision={loaded.flowId} />
        </div>
      ) : (
        <Spin />
      )}
      {dialog}
    </Modal>
  );
}
