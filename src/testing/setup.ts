import { configure } from '@testing-library/react';
import { message } from 'antd';
import { configureClient } from '../api/client';
import { initI18n } from '../i18n';
import { bufferedFetch, type FakeApi } from './fakeApi';

/** Points the client at a fake API (buffered fetch for happy-dom), Chinese UI, no reloads; clears storage and toasts. */
export function connectFakeApi(api: FakeApi, token: () => string | null = () => globalThis.localStorage.getItem('kd_token_String')): void {
  initI18n('zh');
  // First renders of antd + ag-grid in happy-dom take seconds on 2 busy cores (CI saw > 8 s under load 12).
  configure({ asyncUtilTimeout: 15000 });
  configureClient({ baseUrl: api.url, fetch: bufferedFetch, token, language: () => 'zh-CN', onSessionEnd: () => {} });
}

/** Resets browser state between DOM tests: storage, hash, toasts. */
export function resetBrowser(): void {
  globalThis.localStorage.clear();
  globalThis.sessionStorage.clear();
  globalThis.location.hash = '';
  message.destroy();
}
