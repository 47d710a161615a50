import { Button, Modal, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import KdForm from '../../renderers/_shared/KdForm';
import type { FormStore } from '../../renderers/_shared/formStore';
import { fillRecordPath } from '../../renderers/_shared/recordPath';
import type { FormConfig } from '../../schemas/form';
import type { PageAction } from '../../schemas/page';
import { request, requestEnvelope } from '../api/client';
import { toast } from '../api/toast';
import { compileForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { type FieldError, type MessageLang, validateRecord } from '../engine/validate';
import { currentLanguage } from '../i18n';
import { answerErrors } from './TreeNodeEditor';

/** Props of {@link PageActionDialog}. */
export interface PageActionDialogProps {
  /** The `form` action to show (null = closed) and the row it was started on. */
  action: PageAction | null;
  row?: Record<string, unknown>;
  /** The page's extra forms (`forms[action.form]`). */
  forms?: Record<string, FormConfig>;
  registry: RendererMap;
  /** The row's name for the title (`<label>：<name>`). */
  rowName?: string;
  onClose: () => void;
  /** After a successful send (the list reloads). */
  onSaved: () => void;
}

/** `{id}`/`{field}` of a path from the row (null while a value is missing). */
const pathFor = (template: string, row: Record<string, unknown>) => fillRecordPath(template, row);

/** The row of a toolbar action: one object for every render (a fresh `{}` default re-ran the load effect on each render, an endless render loop). */
const NO_ROW: Record<string, unknown> = {};

/**
 * A page action of kind `form` (issue 26, schemas/page.ts PageAction): `forms[action.form]` in a dialog titled
 * `<label>：<row name>`, filled with the row or with what `GET action.load` answers. With `path` the OK button validates
 * with the engine and sends the loaded record with the form's values over it (fields the form does not show, e.g. the
 * run grants' positionIds, go back as loaded); the answer's msg is toasted and a 400 naming a field shows under it.
 * Without `path` the dialog only shows (关闭): e.g. the data-interface 测试 panel, whose renderer makes its own calls.
 * With `valueField` the record is the row with that field = the loaded answer, and the save sends only that field's
 * value (an object), in both cases with the action's constant `body` fields over it (e.g. 授权's `objectType`).
 * 确定 stays disabled until every widget of the form has loaded (issue 25 item 3), and sends what the form shows at the
 * click: it reads the form's own store. The form shows once the record has loaded (a spinner until then: nothing can be
 * edited before it); a re-render passing an equal row as a new object (a list reload) neither loads it again nor
 * resets what the user changed — only another action or another row does.
 */
export default function PageActionDialog({ action, row: given = NO_ROW, forms, registry, rowName, onClose, onSaved }: PageActionDialogProps) {
  const { t } = useTranslation();
  // The row by content: the same row as a new object keeps the one in use (no second load over the user's changes).
  const rowKey = JSON.stringify(given);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row object with the same content is the same row
  const row = useMemo(() => given, [rowKey]);
  const form = action?.form ? forms?.[action.form] : undefined;
  const compiled = useMemo(() => (form ? compileForm(form, registry) : null), [form, registry]);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // The form's widgets loaded (issue 25 item 3, as ModelForm): 确定 waits for them; a failed widget shows 重试.
  const [ready, setReady] = useState(false);
  // The form's store while it is shown: 确定 sends what the user sees (KdForm storeRef).
  const store = useRef<FormStore | null>(null);
  const validating = useRef(false);
  const lang = currentLanguage() as MessageLang;

  // biome-ignore lint/correctness/useExhaustiveDependencies: (re)load when another action or row opens the dialog
  useEffect(() => {
    setErrors((old) => (old.length ? [] : old));
    setRecord(null);
    validating.current = false;
    if (!action) return;
    let live = true;
    const load = action.load ? pathFor(action.load, row) : null;
    const got = load ? request<Record<string, unknown>>(load) : Promise.resolve(row);
    got.then(
      (r) => {
        if (!live) return;
        // valueField: the row, with the loaded answer as that one field's value (schemas/page.ts PageAction).
        const next = action.valueField ? { ...row, [action.valueField]: load ? (r ?? null) : (row[action.valueField] ?? null) } : { ...(r ?? {}) };
        setRecord(next);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [action, row]);

  const onChange = (r: Record<string, unknown>) => {
    if (validating.current && compiled) setErrors(validateRecord(compiled, r, lang));
  };
  const save = async () => {
    const values = store.current?.get();
    if (!action?.path || !compiled || !values) return;
    const errs = validateRecord(compiled, values, lang);
    validating.current = true;
    setErrors(errs);
    if (errs.length) return;
    const path = pathFor(action.path, row);
    if (!path) return;
    const value = action.valueField ? values[action.valueField] : values;
    const body = { ...(value && typeof value === 'object' ? (value as Record<string, unknown>) : {}), ...(action.body ?? {}) };
    setSaving(true);
    try {
      const env = await requestEnvelope(path, { method: (action.method?.toLowerCase() as 'post' | 'put') ?? 'post', json: body });
      toast('success', env.msg || t('common.ok'), 1500);
      onSaved();
    } catch (e) {
      setErrors(answerErrors(e, (f) => compiled.byModel[f]?.__config__.label ?? f));
    } finally {
      setSaving(false);
    }
  };

  const general = (form as { generalWidth?: unknown } | undefined)?.generalWidth;
  const width = typeof general === 'string' && /^\d+px$/.test(general) ? Number.parseInt(general, 10) : 600;
  const title = action ? (rowName ? `${action.label}：${rowName}` : action.label) : '';
  const footer = action?.path
    ? [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={!record || !ready} onClick={() => void save()} data-testid="page-action-ok">
          {t('common.ok')}
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ];
  return (
    <Modal open={!!action && !!form} title={title} width={width} onCancel={onClose} footer={footer} destroyOnHidden className="kd-page-action" data-testid="page-action">
      {record && form ? (
        <KdForm key={`${action?.value}:${String(row.id ?? '')}`} form={form} registry={registry} formData={record} lang={lang} serverErrors={errors} onChange={onChange} onReady={setReady} storeRef={store} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
