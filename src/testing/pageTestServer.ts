import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { message } from 'antd';
import { md5 } from 'js-md5';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { configureClient } from '../api/client';
import { initI18n } from '../i18n';
import { bufferedFetch } from './fakeApi';
import { freePort } from './freePort';
import { copySeededTemplate, dropDatabase, endServer, type SeededData, spawnServer, waitListening } from './pageTemplate';

/** The admin password of the test server. */
const PASSWORD = 'Admin@123';

/** A real server (server/src/main.ts under tsx, own PGlite data folder) for page tests, and the admin's token. */
export interface PageTestServer {
  url: string;
  token: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real API server outside the DOM test environment (which cannot host it: PGlite and the migration loader
 * need Node's own URL/file handling): in a page-test host of the run (tests/setup/page-hosts.ts, modules loaded once
 * per host), else in a child process of its own (server/src/main.ts), on a copy of the seeded data folder (pageTemplate.ts: no migrations or
 * first seeding per file; with DATABASE_URL set, on a clone of the seeded PostgreSQL template database), signs in as admin, lets happy-dom call it cross-origin and points the api client at it.
 * Throws after 90 s without an answer (plus up to 90 s when the template is built first). `stop()` ends the process and deletes its data.
 */
export async function startPageTestServer(): Promise<PageTestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kd-page-'));
  const root = process.cwd();
  const url = `http://127.0.0.1:${port}`;
  // happy-dom enforces CORS on fetch; the page runs on another origin than the API here.
  (globalThis as unknown as { happyDOM?: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM!.settings.fetch.disableSameOriginPolicy = true;
  let child: ChildProcess | undefined;
  let hosted: number | undefined;
  let seeded: SeededData = {};
  const broker = inject('kdPageHosts');
  const stop = async () => {
    if (child) await endServer(child);
    if (hosted !== undefined) await askBroker(broker, '/stop', { host: hosted });
    rmSync(dataDir, { recursive: true, force: true });
    if (seeded.database) await dropDatabase(seeded.database.name);
  };
  try {
    seeded = await copySeededTemplate(root, dataDir, PASSWORD, 90_000);
    if (broker) hosted = (await askBroker(broker, '/start', { dataDir, databaseUrl: seeded.database?.url, port, password: PASSWORD, demo: process.env.KD_DEMO })).host as number;
    else {
      const server = spawnServer(root, port, dataDir, PASSWORD, seeded.database?.url);
      child = server.child;
      await waitListening(child, port, server.stderr, 90_000);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const res = await fetch(`${url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: md5(PASSWORD), grant_type: 'password' }).toString(),
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (body.code !== 200 || !body.data) {
    await stop();
    throw new Error(`test server login failed: ${body.code} ${body.msg}`);
  }
  const token = body.data.token;
  configureClient({ baseUrl: url, fetch: bufferedFetch, token: () => token, language: () => 'zh-CN', onSessionEnd: () => undefined });
  return { url, token, stop };
}

/** Calls the page-host broker (tests/setup/page-hosts.ts) (the same-origin rule is off, see startPageTestServer); throws its error. */
async function askBroker(broker: string, path: '/start' | '/stop', input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${broker}${path}`, { method: 'POST', body: JSON.stringify(input) });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`test server did not start: ${answer.error}`);
  return answer;
}

/**
 * Registers the page-test lifecycle shared by the DOM tests against the real server (admin pages, the model runtime;
 * call at the top level of the test file):
 * beforeAll (180 s: the first file of a run may build the seeded template): Chinese UI, start the real server (startPageTestServer), then `seed()` if given, e.g. rows to list;
 * afterAll: stop it; afterEach: unmount what the test rendered and close antd toasts. Hooks the file registers
 * afterwards run after these before-hooks and before these after-hooks (vitest's stack order).
 */
export function pageTestServerLifecycle(seed?: () => Promise<unknown>): void {
  let server: PageTestServer | undefined;
  beforeAll(async () => {
    initI18n('zh');
    server = await startPageTestServer();
    await seed?.();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    cleanup();
    message.destroy();
  });
}
