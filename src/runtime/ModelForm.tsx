import { Button, Modal, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import KdForm from '../../renderers/_shared/KdForm';
import { kdKeysOf, loadComponents } from '../../renderers/_shared/loadComponents';
import type { FormConfig } from '../../schemas/form';
import { ApiError } from '../api/client';
import type * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import type { FieldError, MessageLang } from '../engine/validate';
import { createRecordValidator, validateInChunks } from '../engine/validateLines';
import { currentLanguage } from '../i18n';
import { defaultRecord, outgoingRecord } from './compileModel';
import ConflictDialog, { type Conflict, conflictOf } from './ConflictDialog';
import { WORKFLOW_NS } from './flow/i18n';
import { type FormFlowKind, useFormFlow } from './flow/useFormFlow';
import { type RecordSource, sourceOf } from './source';

/** How the dialog opens: a new record, an existing one to edit, or one to view read-only. */
export type ModelFormMode = 'add' | 'edit' | 'view';

/** Props of {@link ModelForm}. */
export interface ModelFormProps {
  /** The model (its OnlineDev source; the form's key) — with `source`, the page's key. */
  moduleId: string;
  /** Where the record is read and saved (issue 26); default the model's OnlineDev source. */
  source?: RecordSource;
  /** The `data-page` of the form (issue 26 item 6): the model's enCode or the built-in page's code; default moduleId. */
  page?: string;
  form: FormConfig;
  /** The form compiled with fallbacks (compileModel): the schema the server validates with. */
  compiled: CompiledForm;
  registry: RendererMap;
  mode: ModelFormMode;
  /** The record to load for edit and view. */
  recordId?: string | null;
  /**
   * Values for a new record, and for fields a loaded one lacks (a tree node's `nodeFields`, issue 26); their keys go
   * out with the saved body even when the form has no such field (e.g. the dictionary item's dictionaryTypeId).
   */
  defaults?: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  /** Called after a successful save (the list reloads). */
  onSaved: () => void;
  /**
   * A flow-enabled model (issue 15 item 3): 暂存 and 提交审核 beside 确定 save the record, then keep its task as a
   * draft or submit it (flow/useFormFlow.tsx); `titleField` names the record in a new task's title.
   */
  flow?: { titleField?: string };
}

function serverErrors(e: unknown, compiled: CompiledForm): FieldError[] {
  if (!(e instanceof ApiError) || e.code !== 400) return [];
  const data = e.data as (onlineDev.ValidationFailure & { field?: unknown }) | null;
  // A built-in area names one field `{ field }` with the message in msg (e.g. BillRule); a model lists `errors`.
  const list = data?.errors ?? (typeof data?.field === 'string' ? [{ field: data.field, message: e.msg }] : []);
  return list.filter((x) => x?.field && x.message).map((x) => ({ field: x.field, label: x.label ?? compiled.byModel[x.field]?.__config__.label ?? x.field, message: x.message }));
}

/**
 * A model record in a dialog (design.md §1): add, edit or view (read-only). The form is KdForm (rjsf with the
 * renderer widgets, light templates, layout). On save the record is validated with the engine first (the rule's
 * own message, or `X不能为空`, under the field), then sent; a server 400 shows its message and marks the fields of
 * `data.errors`. Success toasts the server's msg (新建成功 / 修改成功, or the merge note) and calls `onSaved`. An edit
 * sends the version it loaded; a conflict (code 409, issue 27 item 1) opens ConflictDialog: take theirs, keep mine
 * (resubmit on the current version) or reload.
 */
export default function ModelForm({ moduleId, source: given, page, form, compiled, registry, mode, recordId, defaults, open, onClose, onSaved, flow }: ModelFormProps) {
  const { t } = useTranslation();
  const { t: ft } = useTranslation(WORKFLOW_NS);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // The form's widgets loaded (issue 25 item 3): 确定 waits for them; a widget that failed to load shows 重试 instead.
  const [ready, setReady] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [revision, setRevision] = useState(0);
  const current = useRef<Record<string, unknown>>({});
  /** The version of the record as loaded (issue 27 item 1): sent with the update; a conflict moves it to the current one. */
  const version = useRef<number | undefined>(undefined);
  const validating = useRef(false);
  /** The keys of `defaults` as the dialog opened (a tree node's nodeFields): sent with the body even when no field has them. */
  const carried = useRef<string[]>([]);
  /** The record a flow button created in this opening (its task step may still be pending): later saves update it. */
  const savedId = useRef<string | null>(null);
  const lang = currentLanguage() as MessageLang;
  const source = sourceOf(given, moduleId);
  const formFlow = useFormFlow({ moduleId, enabled: !!flow && mode !== 'view' && !given, titleField: flow?.titleField, onDone: onSaved });

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are read when the dialog opens
  useEffect(() => {
    if (!open) return;
    let live = true;
    setErrors([]);
    setConflict(null);
    validating.current = false;
    version.current = undefined;
    savedId.current = null;
    carried.current = Object.keys(defaults ?? {});
    setRecord(null);
    // The form's widgets load while the record does (issue 25 item 1, B25o): the form then draws as the record comes.
    // A failure is the form's to show (its own load retries and shows 重试).
    void loadComponents(registry, kdKeysOf(form.fields)).catch(() => undefined);
    if (mode === 'add' || !recordId) {
      const initial = { ...defaultRecord(compiled), ...(defaults ?? {}) };
      current.current = initial;
      setRecord(initial);
    } else {
      source
        .get(recordId)
        .then((r) => {
          if (!live) return;
          const loaded = { ...(defaults ?? {}), ...(r ?? {}) };
          current.current = loaded;
          version.current = typeof r?.version === 'number' ? r.version : undefined;
          setRecord(loaded);
        })
        .catch(() => live && onClose());
    }
    return () => {
      live = false;
    };
  }, [open, mode, recordId, source, compiled, onClose]);

  // Re-validation while typing checks each sub-table line once (issue 25 item 1); the save checks the whole record.
  const recheck = useMemo(() => createRecordValidator(compiled, lang), [compiled, lang]);
  const onChange = useCallback(
    (next: Record<string, unknown>) => {
      current.current = next;
      // After a refused save each change re-validates; an unchanged error list keeps its identity (no form re-render).
      if (validating.current) {
        const errs = recheck(outgoingRecord(compiled, next), next);
        setErrors((old) => (old.length === errs.length && old.every((e, i) => e.field === errs[i].field && e.message === errs[i].message) ? old : errs));
      }
    },
    [compiled, recheck],
  );

  /**
   * Writes the record; without `then` toasts and calls onSaved. With `then` (a flow button) the task step follows
   * (useFormFlow), which closes the dialog once the task is sent; a record it created is updated by later saves.
   */
  const submit = async (fields: Record<string, unknown>, then?: FormFlowKind) => {
    setSaving(true);
    // The carried keys (e.g. dictionaryTypeId of the chosen tree node) under the form's values.
    const body = { ...Object.fromEntries(carried.current.map((k) => [k, current.current[k] ?? null])), ...fields };
    const target = (mode === 'add' ? null : recordId) || savedId.current;
    try {
      const write = target ? source.update?.(target, version.current === undefined ? body : { ...body, version: version.current }) : source.create?.(body);
      if (!write) return;
      const env = await write;
      setConflict(null);
      const data = env.data as { id?: unknown; version?: unknown } | null;
      if (!then) {
        toast('success', env.msg || t('common.ok'), 1500);
        onSaved();
        return;
      }
      if (typeof data?.version === 'number') version.current = data.version;
      const id = target ?? (typeof data?.id === 'string' ? data.id : null);
      if (!target) savedId.current = id;
      if (id) await formFlow.run(then, id);
    } catch (e) {
      const c = e instanceof ApiError && e.code === 409 ? conflictOf(e.data) : null;
      if (c) setConflict(c);
      else setErrors(serverErrors(e, compiled));
    } finally {
      setSaving(false);
    }
  };

  const save = async (then?: FormFlowKind) => {
    const body = outgoingRecord(compiled, current.current);
    // The whole record, sub-table lines in slices between which the page stays responsive (issue 25 item 1).
    setSaving(true);
    const errs = await validateInChunks(compiled, body, lang, current.current).finally(() => setSaving(false));
    validating.current = true;
    setErrors(errs);
    if (errs.length) return;
    await submit(body, then);
  };

  /** Shows `next` in the form (a fresh form instance: the renderers take the values anew). */
  const replaceRecord = (next: Record<string, unknown>) => {
    current.current = next;
    setRecord(next);
    setRevision((n) => n + 1);
  };
  const takeTheirs = () => {
    if (!conflict) return;
    const next = { ...current.current };
    for (const f of conflict.fields) next[f.field] = conflict.current[f.field] ?? null;
    version.current = conflict.version;
    setConflict(null);
    replaceRecord(next);
  };
  const keepMine = async () => {
    if (!conflict) return;
    version.current = conflict.version;
    await submit(outgoingRecord(compiled, current.current));
  };
  const reload = () => {
    if (!conflict) return;
    version.current = conflict.version;
    setConflict(null);
    replaceRecord({ ...conflict.current });
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
          ...(formFlow.shown
            ? [
                <Button key="draft" loading={saving || formFlow.busy} disabled={!record || !ready} onClick={() => save('draft')} data-testid="model-form-draft">
                  {ft('model.draft')}
                </Button>,
                <Button key="submit" loading={saving || formFlow.busy} disabled={!record || !ready} onClick={() => save('submit')} data-testid="model-form-submit">
                  {ft('model.submit')}
                </Button>,
              ]
            : []),
          <Button key="ok" type="primary" loading={saving} disabled={!record || !ready} onClick={() => save()} data-testid="model-form-ok">
            {t('common.ok')}
          </Button>,
        ];
  const general = (form as { generalWidth?: unknown }).generalWidth;
  const width = typeof general === 'string' && /^\d+px$/.test(general) ? Math.max(Number.parseInt(general, 10), 600) : 800;

  return (
    <Modal open={open} title={title} width={width} onCancel={onClose} footer={footer} destroyOnHidden mask={{ closable: false }} className="kd-model-form">
      <div data-testid="model-form" data-page={page ?? moduleId} data-mode={mode}>
      {record ? (
        <KdForm key={`${mode}:${recordId ?? 'new'}:${revision}`} form={form} registry={registry} modelId={moduleId} formData={record} mode={mode === 'view' ? 'readonly' : 'edit'} lang={lang} onChange={onChange} serverErrors={errors} onReady={setReady} />
      ) : (
        <div className="kd-form-loading">
          <Spin />
        </div>
      )}
      </div>
      <ConflictDialog conflict={conflict} busy={saving} onTakeTheirs={takeTheirs} onKeepMine={keepMine} onReload={reload} />
      {formFlow.dialog}
    </Modal>
  );
}
