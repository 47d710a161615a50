import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type FakeApi, startFakeApi } from './fakeApi';
import { connectFakeApi, resetBrowser } from './setup';

/**
 * The fake-API lifecycle every DOM test file of the app and the designer repeats, registered at the call site (call
 * it at the top level of the test file, before the file's own hooks):
 * - beforeAll: start a fake API and point the api client at it (connectFakeApi, with `token` if given);
 * - afterAll: close it;
 * - beforeEach: reset the browser (storage, hash, toasts), forget every route and every request seen;
 * - afterEach: unmount what the test rendered (testing-library cleanup).
 * Hooks the file registers afterwards run after these before-hooks and before these after-hooks (vitest's stack order).
 * Returns the API: a stand-in whose members reach the running fake API, so it can be kept in a top-level const; using
 * it before beforeAll has run throws.
 */
export function fakeApiLifecycle(options: { token?: () => string | null } = {}): FakeApi {
  let current: FakeApi | undefined;
  const running = (): FakeApi => {
    if (!current) throw new Error('fakeApiLifecycle: the fake API starts in beforeAll; use it inside hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await startFakeApi();
    connectFakeApi(current, options.token);
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    resetBrowser();
    running().routes.clear();
    running().seen.length = 0;
  });
  afterEach(cleanup);
  return {
    get url() {
      return running().url;
    },
    get seen() {
      return running().seen;
    },
    get routes() {
      return running().routes;
    },
    on: (route, handler) => running().on(route, handler),
    close: () => running().close(),
  };
}
