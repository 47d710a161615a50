import { Button, Card, Empty, Form, Input, Select, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../../../schemas/form';
import { toast } from '../../../api/toast';
import { type ChosenNext, type FlowCategory, type LaunchableFlow, launchableFlows, launchForm, type NextChoices, nextChoices, saveFlowTask } from '../../../api/workflow';
import type { FieldError } from '../../../engine/validate';
import { defaultRecord } from '../../../runtime/compileModel';
import { useBackToList } from '../../workflow/backTo';
import FlowForm, { checkFlowRecord, useCompiledFlowForm } from '../../workflow/FlowForm';
import { WORKFLOW_NS } from '../../workflow/i18n';
import NextChoicesDialog from '../../workflow/NextChoices';
import type { PageProps } from '../index';

/** The chosen flow and its form. */
interface Chosen {
  flow: LaunchableFlow;
  formId: string | null;
  formData: FormConfig | null;
}

/**
 * 发起流程 (issue 15 item 4; JNPF workFlow/addFlow): the released flows the caller may launch, by category (FlowEngine
 * Selector, searchable); choosing one shows its form (GET FlowLaunch/Form/{flowId}) with the title and urgency; 提交
 * launches it (POST FlowTask status 0, checked by the engine's rules first, 400 field errors shown under the fields;
 * approver-chosen branches or picked approvers of the first step asked in a dialog first, FlowBefore/Candidates/0),
 * 保存草稿 keeps a draft (status 1); either then opens 我发起的, refreshed.
 */
export default function AddFlow(_props: PageProps) {
  const { t } = useTranslation(WORKFLOW_NS);
  const [keyword, setKeyword] = useState('');
  const [groups, setGroups] = useState<FlowCategory[] | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [title, setTitle] = useState('');
  const [urgent, setUrgent] = useState(1);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const record = useRef<Record<string, unknown>>({});
  const compiled = useCompiledFlowForm(chosen?.formData ?? null);
  const back = useBackToList('launch', 'launch');
  // The next step's choices asked before a launch (approver-chosen branches, picked approvers) and the checked record.
  const [asking, setAsking] = useState<{ choices: NextChoices; body: Record<string, unknown> } | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      launchableFlows(keyword.trim()).then(
        (g) => live && setGroups(g),
        () => live && setGroups([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  const choose = async (flow: LaunchableFlow) => {
    try {
      const f = await launchForm(flow.id);
      setTitle('');
      setUrgent(1);
      setErrors([]);
      setChosen({ flow, formId: f.formId, formData: f.formData });
    } catch {
      /* toasted */
    }
  };
  useEffect(() => {
    record.current = compiled ? defaultRecord(compiled.compiled) : {};
  }, [compiled]);
  const onChange = useCallback((r: Record<string, unknown>) => {
    record.current = r;
  }, []);

  /** Sends the launch (status 0) or the draft (1) with the next step's choices. */
  const post = async (body: Record<string, unknown>, status: 0 | 1, next: ChosenNext = {}) => {
    if (!chosen) return;
    setBusy(true);
    try {
      const env = await saveFlowTask({ flowId: chosen.flow.id, fullName: title.trim() || undefined, formData: body, status, flowUrgent: urgent, ...next });
      toast('success', env.msg || t('task.ok'), 1500);
      back();
    } catch {
      /* toasted by the client (400: the field's message) */
    } finally {
      setBusy(false);
    }
  };
  /** 提交 checks the form, then asks FlowBefore/Candidates what the first step needs chosen; 保存草稿 saves as it is. */
  const send = async (status: 0 | 1) => {
    if (!chosen) return;
    let body = record.current;
    if (compiled && status === 0) {
      const checked = checkFlowRecord(compiled.compiled, record.current);
      setErrors(checked.errors);
      if (checked.errors.length) return;
      body = checked.body;
    }
    if (status === 1) return post(body, 1);
    const choices = await nextChoices('0', { flowId: chosen.flow.id, formData: body }).catch(() => null);
    if (!choices) return;
    if (choices.type === 3) return post(body, 0);
    setAsking({ choices, body });
  };

  if (chosen) {
    return (
      <Card
        variant="borderless"
        className="kd-flow-launch"
        data-testid="flow-launch-form"
        title={chosen.flow.fullName}
        extra={
          <Space>
            <Button type="primary" loading={busy} onClick={() => void send(0)} data-testid="flow-launch-submit">
              {t('action.submit')}
            </Button>
            <Button loading={busy} onClick={() => void send(1)} data-testid="flow-launch-save">
              {t('action.save')}
            </Button>
            <Button onClick={() => setChosen(null)}>{t('launch.back')}</Button>
          </Space>
        }
      >
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label={t('launch.flowTitle')}>
            <Input data-testid="flow-launch-title" aria-label={t('launch.flowTitle')} style={{ width: 320 }} maxLength={200} value={title} placeholder={t('launch.titlePlaceholder', { name: chosen.flow.fullName })} onChange={(e) => setTitle(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('launch.urgent')}>
            <Select aria-label={t('launch.urgent')} style={{ width: 120 }} value={urgent} onChange={setUrgent} options={[1, 2, 3].map((v) => ({ value: v, label: t(`urgent.${v}`) }))} />
          </Form.Item>
        </Form>
        <FlowForm compiledForm={compiled} formId={chosen.formId} data={record.current} editable onChange={onChange} errors={errors} revision={chosen.flow.id} />
        <NextChoicesDialog
          choices={asking?.choices ?? null}
          onCancel={() => setAsking(null)}
          onChosen={(next) => {
            const body = asking?.body ?? record.current;
            setAsking(null);
            void post(body, 0, next);
          }}
        />
      </Card>
    );
  }
  return (
    <Card variant="borderless" className="kd-flow-launch" data-testid="flow-launch-picker" title={t('launch.title')} extra={<Input.Search allowClear aria-label={t('launch.search')} placeholder={t('launch.search')} style={{ width: 240 }} onChange={(e) => setKeyword(e.target.value)} />}>
      {!groups ? (
        <Spin />
      ) : groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('launch.empty')} />
      ) : (
        groups.map((g) => (
          <div key={g.id} className="kd-flow-category" style={{ marginBottom: 16 }}>
            <h4>{g.fullName}</h4>
            <Space wrap>
              {g.children.map((f) => (
                <Button key={f.id} onClick={() => void choose(f)} data-testid={`flow-launch-${f.enCode}`} title={f.description ?? undefined}>
                  {f.fullName}
                </Button>
              ))}
            </Space>
          </div>
        ))
      )}
    </Card>
  );
}
