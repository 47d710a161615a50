import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { signOut, unlock } from '../session/actions';
import { userInfoAtom } from '../session/atoms';
import { getItem } from '../storage';

/**
 * /lockScreen (spec 000 §2, §4): unlocking re-verifies account and password through LockScreen; wrong passwords count
 * towards the sign-in lockout, and at its limit the session ends and the screen goes to /login; "switch account" logs out.
 */
export default function LockScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const account = user?.userAccount ?? getItem<string>('account') ?? '';
  const name = user?.userName ?? getItem<string>('name') ?? account;
  const [busy, setBusy] = useState(false);

  const submit = async (v: { password: string }) => {
    setBusy(true);
    try {
      await unlock(store, account, v.password);
      navigate('/home', { replace: true });
    } catch (err) {
      // The client has shown the server's message (tries left, or the lock). At the lockout limit the server has ended
      // the session (data.signedOut): leave the lock screen for the sign-in page.
      if (err instanceof ApiError && (err.data as { signedOut?: boolean } | null)?.signedOut) {
        await signOut(store);
        navigate('/login', { replace: true });
      }
    } finally {
      setBusy(false);
    }
  };
  const switchAccount = async () => {
    await signOut(store);
    navigate('/login', { replace: true });
  };

  return (
    <div className="kd-lock">
      <div className="kd-lock-card">
        <Avatar size={72} style={{ backgroundColor: '#409EFF' }} icon={<LockOutlined />} />
        <Typography.Title level={4} style={{ color: '#fff' }}>
          {name}
        </Typography.Title>
        <Typography.Text style={{ color: 'rgba(255,255,255,.75)' }}>{t('lock.title')}</Typography.Text>
        <Form layout="inline" onFinish={submit} className="kd-lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordPlaceholder') }]}>
            <Input.Password id="lock-password" placeholder={t('lock.passwordPlaceholder')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<UnlockOutlined />} loading={busy}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={switchAccount} style={{ color: '#fff' }}>
          {t('lock.switchAccount')}
        </Button>
      </div>
    </div>
  );
}
