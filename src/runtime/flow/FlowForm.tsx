import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderers } from '../../../renderers';
import { KdDataContext } from '../../../renderers/_shared/KdDataContext';
import KdForm from '../../../renderers/_shared/KdForm';
import type { FormConfig } from '../../../schemas/form';
import type { CompiledForm } from '../../engine/compile';
import type { FieldError, MessageLang } from '../../engine/validate';
import { validateRecord } from '../../engine/validate';
import { currentLanguage } from '../../i18n';
import { compileModel, outgoingRecord } from '../compileModel';
import { kdData } from '../kdData';
import { WORKFLOW_NS } from './i18n';

/** A flow's form compiled for the screens (fallbacks for unknown kdKeys), or null when the flow has none. */
export function useCompiledFlowForm(form: FormConfig | null) {
  return useMemo(() => (form ? { form, ...compileModel(form, renderers) } : null), [form]);
}

/** The record to send and its field errors (the engine's rules, as ModelForm checks before a save). */
export function checkFlowRecord(compiled: CompiledForm, record: Record<string, unknown>): { body: Record<string, unknown>; errors: FieldError[] } {
  const body = outgoingRecord(compiled, record);
  return { body, errors: validateRecord(compiled, body, currentLanguage() as MessageLang, record) };
}

/** Props of {@link FlowForm}. */
export interface FlowFormProps {
  compiledForm: ReturnType<typeof useCompiledFlowForm>;
  /** The bound model (uploads send it), if any. */
  formId?: string | null;
  data: Record<string, unknown>;
  /** Editable (launch, resubmit) or read-only (approvers, readers). */
  editable: boolean;
  onChange?: (record: Record<string, unknown>) => void;
  errors?: FieldError[];
  /** Changing it mounts a fresh form (the widgets take `data` anew). */
  revision?: string;
}

/**
 * The form of a flow task (issue 15 item 4): the flow's form config (the bound model's or the inline one, with the
 * node's field permissions already applied) rendered by the model runtime's KdForm and renderers, editable or read-only.
 */
export default function FlowForm({ compiledForm, formId, data, editable, onChange, errors, revision }: FlowFormProps) {
  const { t } = useTranslation(WORKFLOW_NS);
  if (!compiledForm) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noForm')} />;
  return (
    <KdDataContext.Provider value={kdData}>
      <div data-testid="flow-form" data-mode={editable ? 'edit' : 'readonly'}>
        <KdForm
          key={revision}
          form={compiledForm.form}
          registry={compiledForm.registry}
          modelId={formId ?? undefined}
          formData={data}
          mode={editable ? 'edit' : 'readonly'}
          lang={currentLanguage() as MessageLang}
          onChange={onChange}
          serverErrors={errors}
        />
      </div>
    </KdDataContext.Provider>
  );
}
