import { Button, Form, Input, Progress, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyPassword } from '../../api/oauth';
import { getPasswordPolicy, type PasswordPolicy } from '../../api/sysconfig';
import { toast } from '../../api/toast';
import { userInfoAtom } from '../session/atoms';
import { DEFAULT_PASSWORD_POLICY, judgePassword, loadEstimator, type PasswordVerdict, refusalText } from './passwordStrength';
import './passwordStrengthI18n';

export { PASSWORD_RULE } from './passwordStrength';

/** Bar colours of the strength meter by zxcvbn score (antd red-7, gold-7, green-7: ≥ 3:1 on white). */
const METER_COLOURS = ['#cf1322', '#cf1322', '#ad6800', '#389e0d', '#389e0d'] as const;

/**
 * The strength meter under the new password (issue 20 item 6): five steps filled by the zxcvbn score (0–4) and the
 * level in words (很弱…很强), announced politely to screen readers. Nothing while the field is empty or zxcvbn loads.
 */
function StrengthMeter({ verdict }: { verdict: PasswordVerdict | null }) {
  const { t } = useTranslation();
  const score = verdict?.estimate?.score;
  if (score === undefined) return null;
  const level = t(`passwordPolicy.levels.l${score}`);
  return (
    <div data-testid="password-strength" aria-live="polite" style={{ marginTop: 4 }}>
      <Progress percent={(score + 1) * 20} steps={5} showInfo={false} strokeColor={METER_COLOURS[score]} aria-label={t('passwordPolicy.meter', { level })} aria-valuetext={level} />
      <Typography.Text style={{ marginLeft: 8 }}>{t('passwordPolicy.meter', { level })}</Typography.Text>
    </div>
  );
}

/**
 * The change-password form (spec 000 §7 ModifyPassword; issue 20 item 6): old, new and confirm (`#oldPassword`,
 * `#newPassword`, `#confirmPassword`). The new password must pass the spec's rule (6–16 letters and digits) and the
 * system's password policy (GET SysConfig/PasswordPolicy; the built-in defaults when it cannot be read): length,
 * character kinds, not the account name, and a minimum zxcvbn score, shown by a strength meter; a refusal is shown
 * on the field in the user's language and nothing is sent. Posts md5 hex passwords; on success toasts the server's
 * message (修改成功) and calls `onDone`. A refused change shows the server's message (e.g. a wrong old password).
 */
export default function PasswordForm({ onDone, extra }: { onDone: () => void; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  // The server's policy (the built-in defaults when it cannot be read); every judgement waits for it.
  const [policy] = useState<Promise<PasswordPolicy>>(() =>
    getPasswordPolicy().then(
      (p) => ({ ...DEFAULT_PASSWORD_POLICY, ...p }),
      () => DEFAULT_PASSWORD_POLICY,
    ),
  );
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const account = useAtomValue(userInfoAtom)?.userAccount ?? '';
  const typed: string | undefined = Form.useWatch('password', form);
  // One judgement per typed value, shared by the meter and the field's rule (a new cache when the user changes); a
  // judgement that could not load zxcvbn is not kept, so the next try loads it again.
  const judge = useMemo(() => {
    const cache = new Map<string, Promise<PasswordVerdict>>();
    return (plain: string) => {
      let verdict = cache.get(plain);
      if (!verdict) {
        if (cache.size >= 8) cache.clear();
        verdict = policy.then((p) => judgePassword(plain, p, account));
        cache.set(plain, verdict);
        verdict.then((v) => v.refusal?.key === 'passwordPolicy.checkFailed' && cache.delete(plain));
      }
      return verdict;
    };
  }, [policy, account]);

  useEffect(() => {
    loadEstimator().catch(() => undefined);
  }, []);

  useEffect(() => {
    let live = true;
    if (!typed) setVerdict(null);
    else judge(typed).then((v) => live && setVerdict(v));
    return () => {
      live = false;
    };
  }, [typed, judge]);

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
  const policyRule = {
    validator: async (_r: unknown, value: string | undefined) => {
      if (!value) return;
      const { refusal } = await judge(value);
      if (refusal) throw new Error(refusalText(t, refusal));
    },
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
      <Form.Item name="oldPassword" htmlFor="oldPassword" label={t('changePassword.oldPassword')} rules={[need(t('changePassword.oldPassword'))]}>
        <Input.Password id="oldPassword" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" htmlFor="newPassword" label={t('changePassword.newPassword')} rules={[need(t('changePassword.newPassword')), policyRule]} extra={<StrengthMeter verdict={typed ? verdict : null} />}>
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
