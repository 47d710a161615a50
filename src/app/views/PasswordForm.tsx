import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from '../../api/oauth';
import { toast } from '../../api/toast';

/** The password rule of spec 001 §5: 6–16 letters and digits, containing both. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/;

/**
 * The change-password form (spec 000 §7 ModifyPassword; rule 6–16 letters and digits): old, new and confirm
 * (`#oldPassword`, `#newPassword`, `#confirmPassword`). Posts md5 hex passwords; on success toasts the server's
 * message (修改成功) and calls `onDone`. A refused change shows the server's message (e.g. a wrong old password).
 */
export default function PasswordForm({ onDone, extra }: { onDone: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { oldPassword: string; password: string }) => {
    setBusy(true);
    try {
      const env = await modifyPassword(v.oldPassword, v.password);
      toast('success', env.msg || t('changePassword.success'), 1500);
      form.resetFields();
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  const need = (label: string) => ({ required: true, message: t('changePassword.required', { label }) });
  return (
    <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
      <Form.Item name="oldPassword" htmlFor="oldPassword" label={t('changePassword.oldPassword')} rules={[need(t('changePassword.oldPassword'))]}>
        <Input.Password id="oldPassword" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" htmlFor="newPassword" label={t('changePassword.newPassword')} rules={[need(t('changePassword.newPassword')), { pattern: PASSWORD_RULE, message: t('changePassword.rule') }]}>
        <Input.Password id="newPassword" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        htmlFor="confirmPassword"
        label={t('changePassword.confirmPassword')}
        dependencies={['password']}
        rules={[need(t('changePassword.confirmPassword')), ({ getFieldValue }) => ({ validator: (_r, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('changePassword.mismatch')))) })]}
      >
        <Input.Password id="confirmPassword" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('changePassword.submit')}
      </Button>
      {extra}
    </Form>
  );
}
