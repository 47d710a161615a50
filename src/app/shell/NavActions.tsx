import { SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userInfoAtom } from '../session/atoms';
import { settingsAtom } from '../settings/atoms';
import SizePicker from '../settings/SizePicker';
import ChatButton from './ChatButton';
import FullscreenToggle from './FullscreenToggle';
import HeaderSearch from './HeaderSearch';
import LanguagePicker from './LanguagePicker';
import NoticeBell from './NoticeBell';
import UserMenu from './UserMenu';

/**
 * The navbar's right side (spec 000 §2 "Navbar, right side"): header menu search, the chat icon, notice bell, fullscreen, size,
 * language picker, the current account set in red (当前账套：name), the user dropdown and the settings button. Search
 * and language follow the showSearch / showLanguage settings; search, notice and language are hidden on mobile.
 */
export default function NavActions({ mobile, onSettings }: { mobile: boolean; onSettings: () => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const { showSearch, showLanguage } = useAtomValue(settingsAtom);
  const acSet = user?.CurrentAcSet?.Name;
  return (
    <div className="kd-navbar-right">
      {showSearch && !mobile ? <HeaderSearch /> : null}
      {mobile ? null : <ChatButton />}
      {mobile ? null : <NoticeBell />}
      {mobile ? null : <FullscreenToggle />}
      <SizePicker />
      {showLanguage && !mobile ? <LanguagePicker showName={false} /> : null}
      {acSet && !mobile ? <span className="kd-acset">{t('navbar.acSet', { name: acSet })}</span> : null}
      <UserMenu showName={!mobile} languages={mobile && showLanguage} />
      <Tooltip title={t('navbar.settings')} placement="bottomRight">
        <button type="button" className="kd-nav-action" data-testid="settings-button" aria-label={t('navbar.settings')} onClick={onSettings}>
          <SettingOutlined className="kd-nav-icon" />
        </button>
      </Tooltip>
    </div>
  );
}
