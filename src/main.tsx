import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient } from './api/client';
import App from './app/App';
import { getItem, setToken } from './app/storage';
import { ACCEPT_LANGUAGE, changeLanguage, currentLanguage, detectLanguage, initI18n } from './i18n';

/**
 * Browser entry (index.html): the language from storage → browser locale → zh (spec 000 §9; a language other than zh
 * is fetched before the first paint), the request hooks (Accept-Language follows the language), then the app.
 */
const lang = detectLanguage(getItem<string>('language'));
initI18n('zh');
configureClient({
  language: () => ACCEPT_LANGUAGE[currentLanguage()],
  token: () => getItem<string>('token') ?? null,
  // 600/601/602: forget the token at once; reload after the 1500 ms toast so the user can read why (spec 000 §8).
  onSessionEnd: () => {
    setToken(null);
    if (!globalThis.location.hash.startsWith('#/login')) setTimeout(() => globalThis.location.reload(), 1500);
  },
});

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
if (lang === 'zh') render();
else changeLanguage(lang).then(render, render);
