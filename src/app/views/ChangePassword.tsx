import { Alert, Button, Card } from 'antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changePwdTimesAtom } from '../session/atoms';
import PasswordForm from './PasswordForm';

/**
 * /ChangePassword (spec 000 §2): old, new and confirm; forced while the change-password counter is 0 (then there is
 * no way back). On success the counter becomes positive and the user goes home.
 */
export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [times, setTimes] = useAtom(changePwdTimesAtom);
  const done = () => {
    setTimes((times ?? 0) + 1);
    navigate('/home', { replace: true });
  };
  return (
    <div className="kd-plain-page">
      <Card title={t('changePassword.title')} className="kd-plain-card">
        {times === 0 ? <Alert type="warning" showIcon title={t('changePassword.tip')} style={{ marginBottom: 16 }} /> : null}
        <PasswordForm
          onDone={done}
          extra={
            times !== 0 ? (
              <Button type="link" block onClick={() => navigate(-1)}>
                {t('common.cancel')}
              </Button>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
