import { createStore, Provider, useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import { fromLocale } from '../i18n';
import AppRoutes from './AppRoutes';
import { languageAtom, permissionListAtom, tokenAtom } from './session/atoms';
import { loadBranding } from './session/branding';
import { useFollowOtherTabs } from './session/tabSync';
import { settingsAtom } from './settings/atoms';
import { readablePrimary } from './settings/contrast';
import RouteGuard from './shell/RouteGuard';
import './shell/shell.css';

/**
 * Page-wide effects: loads the system name of the current language and the logos (spec 000 §1, §8) whenever the
 * language changes; sets the theme colour's readable shade (settings/contrast.ts) as the CSS variable --kd-primary and the page's lang attribute; follows
 * another tab's language, token and permission changes.
 */
/** Session atoms kept in step with other tabs (issue 24 item 6). */
const FOLLOWED = [tokenAtom, permissionListAtom];

function RootEffects() {
  const store = useStore();
  useFollowOtherTabs(languageAtom, FOLLOWED);
  const { i18n } = useTranslation();
  const { theme: colour, slideClass } = useAtomValue(settingsAtom);
  const lang = fromLocale(i18n.language) ?? 'zh';
  useEffect(() => {
    void loadBranding(store, lang);
  }, [store, lang]);
  useEffect(() => {
    document.documentElement.style.setProperty('--kd-primary', readablePrimary(colour, slideClass === 'dark'));
    document.documentElement.lang = { zh: 'zh-CN', en: 'en', tw: 'zh-TW', mas: 'ms' }[lang];
  }, [colour, slideClass, lang]);
  return null;
}

/**
 * The application root: the jotai store (session, settings, tabs), the hash router (spec 000 §2) and the route
 * guard. antd's configuration (colour, size, locale) is the ThemeProvider layout route inside AppRoutes. `store` lets tests start from a given session.
 */
export default function App({ store }: { store?: ReturnType<typeof createStore> }) {
  const sessionStore = useMemo(() => store ?? createStore(), [store]);
  return (
    <Provider store={sessionStore}>
      <RootEffects />
      <HashRouter>
        <RouteGuard>
          <AppRoutes />
        </RouteGuard>
      </HashRouter>
    </Provider>
  );
}
