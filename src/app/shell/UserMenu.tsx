import { DownOutlined, GlobalOutlined, InfoCircleOutlined, LockOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { avatarSrc } from '../../api/currentUser';
import { type Language, PICKABLE } from '../../i18n';
import { lock, signOut } from '../session/actions';
import { tokenAtom, userInfoAtom } from '../session/atoms';
import { usePickLanguage } from './LanguagePicker';
import { useSupplies } from './useSupplies';

// Loaded on first use: not needed to paint the shell.
const AboutDialog = lazy(() => import('./AboutDialog'));
const SwitchSupplyDialog = lazy(() => import('./SwitchSupplyDialog'));

/**
 * The navbar's user dropdown (spec 000 §2): profile, about, lock screen, switch identity (only with more than one
 * supplier identity, spec 000 §4), log out after the confirmation 确定注销并退出系统吗？ titled 提示 (spec 000 §5).
 * `languages`: the language choices as a submenu too (phones and tablets, where the navbar has no room for the
 * picker; issue 25 item 4).
 */
export default function UserMenu({ showName = true, languages = false }: { showName?: boolean; languages?: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const store = useStore();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const supplies = useSupplies();
  const pickLanguage = usePickLanguage();
  const [dialog, setDialog] = useState<'about' | 'supply' | null>(null);
  const [opened, setOpened] = useState<{ about?: boolean; supply?: boolean }>({});
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
    { key: 'about', icon: <InfoCircleOutlined />, label: t('navbar.about') },
    { key: 'lock', icon: <LockOutlined />, label: t('navbar.lockScreen') },
    ...(supplies.length > 1 ? [{ key: 'supply', icon: <SwapOutlined />, label: t('navbar.switchIdentity') }] : []),
    ...(languages ? [{ key: 'language', icon: <GlobalOutlined />, label: t('navbar.language'), children: PICKABLE.map((l) => ({ key: `lang:${l.code}`, label: l.fullName })) }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) void pickLanguage(key.slice(5) as Language);
    else if (key === 'profile') navigate('/profile');
    else if (key === 'about' || key === 'supply') {
      setOpened((o) => ({ ...o, [key]: true }));
      setDialog(key);
    }
    else if (key === 'lock') {
      lock(store);
      navigate('/lockScreen');
    } else if (key === 'logout') {
      modal.confirm({
        title: t('common.prompt'),
        content: t('navbar.logoutConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await signOut(store);
          navigate('/login', { replace: true });
        },
      });
    }
  };
  const close = () => setDialog(null);
  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']} autoFocus>
        {/* Named by its visible text (avatar letter and user name); with the name hidden (phones), 用户菜单 + the name. */}
        <button type="button" className="kd-nav-action kd-user" data-testid="user-menu" aria-label={showName ? undefined : `${t('navbar.userMenu')} ${user?.userName ?? ''}`.trim()}>
          <Avatar size="small" src={avatarSrc(user?.headIcon, token) || undefined} className="kd-avatar">
            {user?.userName?.slice(0, 1)}
          </Avatar>
          {showName ? <span className="kd-nav-action-text">{user?.userName}</span> : null}
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.about ? <AboutDialog open={dialog === 'about'} onClose={close} /> : null}
        {opened.supply && supplies.length > 1 ? <SwitchSupplyDialog open={dialog === 'supply'} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
