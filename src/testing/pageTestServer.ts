import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import { message } from 'antd';
import { md5 } from 'js-md5';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { configureClient } from '../api/client';
import { initI18n } from '../i18n';
import { bufferedFetch } from './fakeApi';
import { freePort } from './freePort';

/** The admin password of the test server. */
const PASSWORD = 'Admin@123';

/** A real server (server/src/main.ts under tsx, own PGlite data folder) for page tests, and the admin's token. */
export interface PageTestServer {
  url: string;
  token: string;
  stop: () => Promise<void>;
}

/** True once something accepts TCP connections on the port (the server listens only after migrations and seed). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/**
 * Starts the real API server in a child process (the DOM test environment cannot host it: PGlite and the migration
 * loader need Node's own URL/file handling), signs in as admin, lets happy-dom call it cross-origin and points the
 * api client at it. Throws after 90 s without an answer. `stop()` ends the process and deletes its data.
 */
export async function startPageTestServer(): Promise<PageTestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kd-page-'));
  const root = process.cwd();
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KD_DATA_DIR: dataDir, KD_ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  // happy-dom enforces CORS on fetch; the page runs on another origin than the API here.
  (globalThis as unknown as { happyDOM?: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM!.settings.fetch.disableSameOriginPolicy = true;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`test server did not start: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
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

/**
 * Registers the page-test lifecycle shared by the DOM tests against the real server (admin pages, the model runtime;
 * call at the top level of the test file):
 * beforeAll (120 s): Chinese UI, start the real server (startPageTestServer), then `seed()` if given, e.g. rows to list;
 * afterAll: stop it; afterEach: unmount what the test rendered and close antd toasts. Hooks the file registers
 * afterwards run after these before-hooks and before these after-hooks (vitest's stack order).
 */
export function pageTestServerLifecycle(seed?: () => Promise<unknown>): void {
  let server: PageTestServer | undefined;
  beforeAll(async () => {
    initI18n('zh');
    server = await startPageTestServer();
    await seed?.();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    cleanup();
    message.destroy();
  });
}
