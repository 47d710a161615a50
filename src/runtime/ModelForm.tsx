import { Button, Modal, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import KdForm from '../../renderers/_shared/KdForm';
import type { FormConfig } from '../../schemas/form';
import { ApiError } from '../api/client';
import * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { type FieldError, type MessageLang, validateRecord } from '../engine/validate';
import { currentLanguage } from '../i18n';
import { defaultRecord, outgoingRecord } from './compileModel';

/** How the dialog opens: a new record, an existing one to edit, or one to view read-only. */
export type ModelFormMode = 'add' | 'edit' | 'view';

/** Props of {@link ModelForm}. */
export interface ModelFormProps {
  moduleId: string;
  form: FormConfig;
  /** The form compiled with fallbacks (compileModel): the schema the server validates with. */
  compiled: CompiledForm;
  registry: RendererMap;
  mode: ModelFormMode;
  /** The record to load for edit and view. */
  recordId?: string | null;
  open: boolean;
  onClose: () => void;
  /** Called after a successful save (the list reloads). */
  onSaved: () => void;
}

function serverErrors(e: unknown, compiled: CompiledForm): FieldError[] {
  if (!(e instanceof ApiError) || e.code !== 400) return [];
  const list = (e.data as onlineDev.ValidationFailure | null)?.errors ?? [];
  return list.filter((x) => x?.field && x.message).map((x) => ({ field: x.field, label: x.label ?? compiled.byModel[x.field]?.__config__.label ?? x.field, message: x.message }));
}

/**
 * A model record in a dialog (design.md §1): add, edit or view (read-only). The form is KdForm (rjsf with the
 * renderer widgets, light templates, layout). On save the record is validated with the engine first (the rule's
 * own message, or `X不能为空`, under the field), then sent; a server 400 shows its message and marks the fields of
 * `data.errors`. Success toasts the server's msg (新建成功 / 修改成功) and calls `onSaved`.
 */
export default function ModelForm({ moduleId, form, compiled, registry, mode, recordId, open, onClose, onSaved }: ModelFormProps) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const current = useRef<Record<string, unknown>>({});
  const validating = useRef(false);
  const lang = currentLanguage() as MessageLang;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setErrors([]);
    validating.current = false;
    setRecord(null);
    if (mode === 'add' || !recordId) {
      const initial = defaultRecord(compiled);
      current.current = initial;
      setRecord(initial);
    } else {
      onlineDev
        .get(moduleId, recordId)
        .then((r) => {
          if (!live) return;
          current.current = r ?? {};
          setRecord(r ?? {});
        })
        .catch(() => live && onClose());
    }
    return () => {
      live = false;
    };
  }, [open, mode, recordId, moduleId, compiled, onClose]);

  const onChange = useCallback(
    (next: Record<string, unknown>) => {
      current.current = next;
      // After a refused save each change re-validates; an unchanged error list keeps its identity (no form re-render).
      if (validating.current) {
        const errs = validateRecord(compiled, outgoingRecord(compiled, next), lang);
        setErrors((old) => (old.length === errs.length && old.every((e, i) => e.field === errs[i].field && e.message === errs[i].message) ? old : errs));
      }
    },
    [compiled, lang],
  );

  const save = async () => {
    const body = outgoingRecord(compiled, current.current);
    const errs = validateRecord(compiled, body, lang);
    validating.current = true;
    setErrors(errs);
    if (errs.length) return;
    setSaving(true);
    try {
      const env = mode === 'add' || !recordId ? await onlineDev.create(moduleId, body) : await onlineDev.update(moduleId, recordId, body);
      toast('success', env.msg || t('common.ok'), 1500);
      onSaved();
    } catch (e) {
      setErrors(serverErrors(e, compiled));
    } finally {
      setSaving(false);
    }
  };

  const title = t(mode === 'add' ? 'model.addTitle' : mode === 'edit' ? 'model.editTitle' : 'model.viewTitle');
  const footer =
    mode === 'view'
      ? [
          <Button key="close" onClick={onClose}>
            {t('common.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="ok" type="primary" loading={saving} disabled={!record} onClick={save} data-testid="model-form-ok">
            {t('common.ok')}
          </Button>,
        ];
  const general = (form as { generalWidth?: unknown }).generalWidth;
  const width = typeof general === 'string' && /^\d+px$/.test(general) ? Math.max(Number.parseInt(general, 10), 600) : 800;

  return (
    <Modal open={open} title={title} width={width} onCancel={onClose} footer={footer} destroyOnHidden mask={{ closable: false }} className="kd-model-form">
      {record ? (
        <KdForm key={`${mode}:${recordId ?? 'new'}`} form={form} registry={registry} modelId={moduleId} formData={record} mode={mode === 'view' ? 'readonly' : 'edit'} lang={lang} onChange={onChange} serverErrors={errors} />
      ) : (
        <div className="kd-form-loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}
