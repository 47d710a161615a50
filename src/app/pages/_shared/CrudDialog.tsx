import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/toast';

/** Props of {@link CrudDialog}; `V` the form's values, `R` what `save` resolves (e.g. the new id). */
export interface CrudDialogProps<V, R> {
  open: boolean;
  title: ReactNode;
  /** The dialog's form (Form.useForm), also used by the caller to fill it when the dialog opens. */
  form: FormInstance<V>;
  /** The form's name (ids of its inputs, e.g. `dictionary-item_fullName`). */
  name: string;
  /** Modal width in px (antd's default 520 when omitted). */
  width?: number;
  /** antd Form `preserve`: false drops the value of a field that stops being rendered (antd's default true). */
  preserve?: boolean;
  onClose: () => void;
  /** Sends the validated values to the server (create or update); rejects after the api client toasted the error. */
  save: (values: V) => Promise<R>;
  /** Called with `save`'s result after a successful save (the dialog stays open until the caller closes it). */
  onSaved: (result: R) => void;
  /** The Form.Items. */
  children: ReactNode;
  /** Shown below the form (e.g. a preview). */
  footerNote?: ReactNode;
}

/**
 * `form.validateFields()`, asked once more when antd answers `outOfDate` without field errors: a validation started
 * after ours (e.g. the change of a field typed just before OK) superseded it, which says nothing about the values.
 * Rejects with antd's `{ errorFields }` when a field is invalid.
 */
export async function validated<V>(form: FormInstance<V>): Promise<V> {
  try {
    return await form.validateFields();
  } catch (e) {
    const failure = e as { outOfDate?: boolean; errorFields?: unknown[] };
    if (failure?.outOfDate && !failure.errorFields?.length) return form.validateFields();
    throw e;
  }
}

/**
 * The add/edit dialog of the admin pages (spec 001 §4 add/edit in a dialog, §5 validation): an antd Modal holding a
 * vertical Form. OK validates the form (field messages show under the fields), then calls `save` with the values
 * while OK shows a spinner; success toasts 保存成功 (sys.saved) and calls `onSaved`; a server error was already toasted
 * by the api client and keeps the dialog open. Cancel / × call `onClose`. Rendered even while closed (forceRender) so
 * the form instance is always connected.
 */
export default function CrudDialog<V, R>({ open, title, form, name, width, preserve, onClose, save, onSaved, children, footerNote }: CrudDialogProps<V, R>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await validated(form);
    setSaving(true);
    try {
      const result = await save(values);
      toast('success', t('sys.saved'));
      onSaved(result);
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={saving} width={width} forceRender>
      <Form form={form} layout="vertical" name={name} preserve={preserve}>
        {children}
      </Form>
      {footerNote}
    </Modal>
  );
}
