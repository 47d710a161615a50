import { theme as antdTheme, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { fromLocale } from '../../i18n';
import { DEFAULT_ANTD_LOCALE, loadUiLocale } from '../../i18n/locales';
import { settingsAtom } from './atoms';
import { READABLE_TOKENS, readablePrimary, readableStates } from './contrast';
import { antdSize } from './theme';

/**
 * antd's configuration from the shell settings (spec 000 §2, §4 "Theme change recolours the styles at once"): the theme
 * colour as colorPrimary (its readable shade and antd's greys and status colours at WCAG AA contrast in the light
 * theme, contrast.ts; issue 25 item 4), the size as componentSize (mini adds the compact algorithm), the antd locale of the current
 * language (loaded on demand), no auto space in CJK buttons. The antd App context (modal, notification) is added by
 * the shell layout, outside the sign-in bundle.
 * slideClass 'dark' darkens the whole page (spec 000 §2 "Light or dark: dark, lightWhite"): antd's dark algorithm for
 * every component (cards, tables, dialogs, drawers), and `data-theme="dark"` plus `data-ag-theme-mode="dark"` on
 * <html> for the shell's own styles (shell.css) and the ag-grid lists (src/runtime/agGrid.ts); set before paint and
 * removed when leaving (the sign-in page stays light). A layout route: every screen but the sign-in page renders
 * inside it, so antd loads with the first of them, not with /login.
 */
export default function ThemeProvider() {
  const { i18n } = useTranslation();
  const { theme: colour, size, slideClass } = useAtomValue(settingsAtom);
  const dark = slideClass === 'dark';
  const [locale, setLocale] = useState<Locale>(DEFAULT_ANTD_LOCALE);
  const lang = fromLocale(i18n.language) ?? 'zh';
  useEffect(() => {
    let alive = true;
    void loadUiLocale(lang).then((l) => alive && setLocale(l));
    return () => {
      alive = false;
    };
  }, [lang]);
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!dark) return;
    root.dataset.theme = 'dark';
    root.dataset.agThemeMode = 'dark';
    return () => {
      delete root.dataset.theme;
      delete root.dataset.agThemeMode;
    };
  }, [dark]);
  const { componentSize, compact } = antdSize(size);
  const theme = useMemo(() => {
    const algorithm = [...(dark ? [antdTheme.darkAlgorithm] : []), ...(compact ? [antdTheme.compactAlgorithm] : [])];
    const primary = readablePrimary(colour, dark);
    const readable = dark ? {} : { ...READABLE_TOKENS, ...readableStates(primary) };
    return { token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, borderRadius: 4, ...readable }, algorithm: algorithm.length ? algorithm : undefined };
  }, [colour, compact, dark]);
  return (
    <ConfigProvider theme={theme} componentSize={componentSize} locale={locale} button={{ autoInsertSpace: false }}>
      <Outlet />
    </ConfigProvider>
  );
}
