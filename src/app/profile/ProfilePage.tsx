import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import PasswordForm from '../views/PasswordForm';
import AuthorizeTab from './AuthorizeTab';
import AvatarTab from './AvatarTab';
import BaseInfoTab from './BaseInfoTab';
import PreferencesTab from './PreferencesTab';
import SubordinatesTab from './SubordinatesTab';
import SystemLogTab from './SystemLogTab';

/** The profile's tabs, in order (the `tab` query selects one, e.g. /profile?tab=password). */
export const PROFILE_TABS = ['baseInfo', 'avatar', 'password', 'theme', 'subordinates', 'authorize', 'systemLog'] as const;

/**
 * /profile (spec 000 §2 "Personal info"; every current-user row of the contract): base info view and edit, avatar
 * upload, password change, theme and language, subordinates, the user's grants and their sign-in log.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (PROFILE_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'baseInfo';
  const items = [
    { key: 'baseInfo', label: t('profile.baseInfo'), children: <BaseInfoTab /> },
    { key: 'avatar', label: t('profile.avatar'), children: <AvatarTab /> },
    { key: 'password', label: t('profile.password'), children: <div style={{ maxWidth: 420 }}><PasswordForm onDone={() => undefined} /></div> },
    { key: 'theme', label: `${t('profile.theme')} / ${t('profile.language')}`, children: <PreferencesTab /> },
    { key: 'subordinates', label: t('profile.subordinates'), children: <SubordinatesTab /> },
    { key: 'authorize', label: t('profile.authorize'), children: <AuthorizeTab /> },
    { key: 'systemLog', label: t('profile.systemLog'), children: <SystemLogTab /> },
  ];
  return (
    <Card variant="borderless" title={t('profile.title')} className="kd-profile">
      <Tabs activeKey={tab} items={items} destroyOnHidden onChange={(k) => setParams({ tab: k }, { replace: true })} />
    </Card>
  );
}
