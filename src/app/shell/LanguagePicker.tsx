import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { saveSystemLanguage } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { changeLanguage, type Language, PICKABLE } from '../../i18n';
import { languageAtom, tokenAtom } from '../session/atoms';

/**
 * Picks a platform language (spec 000 §9): loads its strings, switches the UI (Accept-Language follows), stores the
 * choice and toasts 切换成功 in the new language; when signed in it also saves it (POST Current/SystemLanguage).
 * Shared by the navbar's picker and, on phones and tablets, the user menu (issue 25 item 4).
 */
export function usePickLanguage(): (code: Language) => Promise<void> {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetAtom(languageAtom);
  const token = useAtomValue(tokenAtom);
  return async (code: Language) => {
    if (code === i18n.language) return;
    await changeLanguage(code);
    setLanguage(code);
    toast('success', t('navbar.switchLanguage', { lng: code }));
    if (token) void saveSystemLanguage(code).catch(() => undefined);
  };
}

/**
 * The language picker (spec 000 §2 navbar, §9): zh, en, tw, mas. Picking one loads its strings, switches the UI
 * (Accept-Language follows), stores the choice (`language`) and toasts 切换成功 / Switch Language Success / 切換成功 /
 * Bahasa Berjaya Ditukar in the new language; when signed in it also saves it (POST Current/SystemLanguage).
 */
export default function LanguagePicker({ showName = true }: { showName?: boolean }) {
  const { t, i18n } = useTranslation();
  const pick = usePickLanguage();
  const items = PICKABLE.map((l) => ({ key: l.code, label: <span data-testid={`language-${l.code}`}>{l.fullName}</span> }));
  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [i18n.language], onClick: ({ key }) => void pick(key as Language) }} placement="bottomRight" trigger={['hover', 'click']} autoFocus>
      <button type="button" className="kd-nav-action" title={t('navbar.language')} aria-label={t('navbar.language')} data-testid="language-picker">
        <GlobalOutlined className="kd-nav-icon" />
        {showName ? <span className="kd-nav-action-text">{PICKABLE.find((l) => l.code === i18n.language)?.fullName ?? i18n.language}</span> : null}
      </button>
    </Dropdown>
  );
}
