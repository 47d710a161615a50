import { Radio, Space, Typography } from 'antd';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { saveSystemLanguage, saveSystemTheme } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { changeLanguage, type Language, PICKABLE } from '../../i18n';
import { settingsAtom } from '../settings/atoms';
import { LAYOUT_TYPES, type LayoutType } from '../settings/theme';
import { languageAtom } from '../session/atoms';

/**
 * The profile's theme and language (POST …/Current/SystemTheme `{ theme }`, …/Current/SystemLanguage `{ language }`):
 * the navigation mode applies at once and is saved (the server keeps it as layoutType too); the language switches the
 * UI and is saved.
 */
export default function PreferencesTab() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { layoutType } = useAtomValue(settingsAtom);
  const setLanguage = useSetAtom(languageAtom);
  const pickLayout = async (l: LayoutType) => {
    store.set(settingsAtom, { layoutType: l });
    try {
      await saveSystemTheme(l);
      toast('success', t('profile.layoutSaved'));
    } catch {
      // the client has shown the server's message
    }
  };
  const pickLanguage = async (l: Language) => {
    await changeLanguage(l);
    setLanguage(l);
    try {
      await saveSystemLanguage(l);
      toast('success', t('profile.languageSaved', { lng: l }));
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <Space orientation="vertical" size="large">
      <div>
        <Typography.Title level={5}>{t('profile.theme')}</Typography.Title>
        <Radio.Group value={layoutType} onChange={(e) => void pickLayout(e.target.value)} optionType="button" options={LAYOUT_TYPES.map((l) => ({ value: l, label: t(`layout.${l}`) }))} />
      </div>
      <div>
        <Typography.Title level={5}>{t('profile.language')}</Typography.Title>
        <Radio.Group value={i18n.language} onChange={(e) => void pickLanguage(e.target.value)} optionType="button" options={PICKABLE.map((l) => ({ value: l.code, label: l.fullName }))} />
      </div>
    </Space>
  );
}
