import { beforeAll, vi } from 'vitest';

/**
 * Vitest setup of the not-isolated project `unit-shared` (vitest.config.ts): the files of one worker share the module
 * cache and the DOM, so each file starts from what a fresh worker would give it: real timers, no stubbed globals, an
 * empty body (an antd toast still fading out of the previous file is removed) and the Chinese UI.
 */
beforeAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof window === 'undefined') return;
  document.body.innerHTML = '';
  const { default: i18next } = await import('i18next');
  if (i18next.isInitialized && i18next.language !== 'zh') await i18next.changeLanguage('zh');
});
