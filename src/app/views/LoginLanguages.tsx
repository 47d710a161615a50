import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { changeLanguage, type Language, PICKABLE } from '../../i18n';
import { languageAtom } from '../session/atoms';

/**
 * The sign-in page's language switch (spec 000 §9): the four languages as plain links (lighter than the navbar's
 * dropdown). Picking one loads it, stores it (`language`) and toasts the spec's success text in that language.
 */
export default function LoginLanguages() {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetAtom(languageAtom);
  const pick = async (code: Language) => {
    if (code === i18n.language) return;
    await changeLanguage(code);
    setLanguage(code);
    toast('success', t('navbar.switchLanguage', { lng: code }));
  };
  return (
    <nav className="kd-login-langs" aria-label={t('navbar.language')} data-testid="language-picker">
      {PICKABLE.map((l) => (
        <button key={l.code} type="button" className={l.code === i18n.language ? 'is-active' : ''} aria-pressed={l.code === i18n.language} data-testid={`language-${l.code}`} onClick={() => void pick(l.code)}>
          {l.fullName}
        </button>
      ))}
    </nav>
  );
}
