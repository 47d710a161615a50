import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../../server/src/app';
import { md5Hex } from '../../server/src/lib/password';
import type { Envelope } from '../../server/src/plugins/envelope';
import { databaseUrlOf, ident, pgliteTemplateBytes, postgresTemplateName, TEMPLATE_ADMIN_PASSWORD, withAdmin } from './db-template';

/**
 * Server test helpers (issue 2 item 9). Each app runs on a real database: PGlite by default, or PostgreSQL when
 * DATABASE_URL is set (a fresh database per app, copied from the seeded template, dropped on close).
 * The seeded templates are built once per source state (db-template.ts; vitest's globalSetup builds them before the
 * workers start), so an app costs well under a second.
 */

/** The admin password of test apps (plain; login() md5s it as the client does). */
export const TEST_ADMIN_PASSWORD = TEMPLATE_ADMIN_PASSWORD;
/** True when the suite runs against PostgreSQL (DATABASE_URL set). */
export const usingPostgres = !!process.env.DATABASE_URL;

/** Persistent empty storage for an app that must survive a restart: a temp data dir, or a fresh PostgreSQL database. */
export interface TestStore {
  dataDir?: string;
  databaseUrl?: string;
  /** Deletes the folder / drops the database. */
  dispose(): Promise<void>;
}

/** A running test app. */
export interface TestApp {
  app: FastifyInstance;
  /** Signs in (form-encoded, md5 password as the client sends it); returns the `Bearer <hex>` token. Throws unless code 200. */
  login(account?: string, password?: string): Promise<string>;
  /** Injects a request and returns the parsed envelope plus the HTTP status. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read reply data loosely
  call<T = any>(method: InjectOptions['method'], url: string, opts?: { token?: string; payload?: unknown; headers?: Record<string, string> }): Promise<Envelope<T> & { status: number }>;
  /** Closes the app (and drops its private database or folder). */
  close(): Promise<void>;
}

const admin = (sqlText: string) => withAdmin(async (c) => void (await c.query(sqlText)));
const newDbName = () => `kd_t_${randomBytes(6).toString('hex')}`;

/** Creates empty persistent storage (see TestStore). */
export async function createTestStore(): Promise<TestStore> {
  if (usingPostgres) {
    const name = newDbName();
    await admin(`create database ${ident(name)}`);
    return { databaseUrl: databaseUrlOf(name), dispose: () => admin(`drop database if exists ${ident(name)} with (force)`) };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'kd-test-'));
  return { dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}

/**
 * Starts a test app. Default: a seeded database with admin password TEST_ADMIN_PASSWORD (fast, from the template).
 * `adminPassword: null` seeds a fresh database with no KD_ADMIN_PASSWORD (random admin password printed);
 * another string seeds a fresh one with that password. `store` runs on that persistent storage instead (its
 * lifetime is the caller's: close() leaves it, so a second app can reopen it). `appOptions` pass through to buildApp
 * (e.g. serveClient, clientDir, bodyLimit); the client is not served by default.
 */
export async function createTestApp(opts: { adminPassword?: string | null; store?: TestStore; appOptions?: Partial<AppOptions> } = {}): Promise<TestApp> {
  const extra: AppOptions = { serveClient: false, ...opts.appOptions };
  const password = opts.adminPassword === undefined ? TEST_ADMIN_PASSWORD : opts.adminPassword;
  let app: FastifyInstance;
  let cleanup = async () => {};
  if (opts.store) {
    app = await buildApp({ ...extra, ...opts.store, adminPassword: password ?? undefined });
  } else if (password !== TEST_ADMIN_PASSWORD) {
    const store = await createTestStore();
    app = await buildApp({ ...extra, ...store, adminPassword: password ?? undefined });
    cleanup = store.dispose;
  } else if (usingPostgres) {
    const template = await postgresTemplateName(inject('kdTemplateHash'));
    const name = newDbName();
    await admin(`create database ${ident(name)} template ${ident(template)}`);
    app = await buildApp({ ...extra, databaseUrl: databaseUrlOf(name) });
    cleanup = () => admin(`drop database if exists ${ident(name)} with (force)`);
  } else {
    // As the product runs PGlite (plugins/db.ts): on its own thread, here started from the seeded template.
    app = await buildApp({ ...extra, pgliteThread: { loadDataDir: await pgliteTemplateBytes(inject('kdTemplateHash')) } });
  }
  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = o.token;
    const res = await app.inject({ method, url, headers, payload: o.payload as InjectOptions['payload'] });
    return { ...(res.json() as Envelope<never>), status: res.statusCode };
  };
  return {
    app,
    call,
    async login(account = 'admin', plain = password ?? TEST_ADMIN_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account, password: md5Hex(plain), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
      });
      const body = res.json() as Envelope<{ token: string }>;
      if (body.code !== 200) throw new Error(`login ${account} failed: ${body.code} ${body.msg}`);
      return body.data.token;
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}

/**
 * The shared app most server test files set up (call at the top level of the file): beforeAll creates a test app
 * (createTestApp with `opts`) and signs in as admin; afterAll closes it. Returns a holder whose `t` (the TestApp) and
 * `token` (the admin's `Bearer <hex>`) are set once beforeAll has run; reading them earlier gives undefined.
 */
export function signedInTestApp(opts: Parameters<typeof createTestApp>[0] = {}): { t: TestApp; token: string } {
  const holder = {} as { t: TestApp; token: string };
  beforeAll(async () => {
    holder.t = await createTestApp(opts);
    holder.token = await holder.t.login();
  });
  afterAll(async () => {
    await holder.t.close();
  });
  return holder;
}

/**
 * Adds an enabled, non-admin user (change_pwd_times 1) with the given password; `roleIds`/`positionIds` become
 * user_relation rows. Returns the user id.
 */
export async function createUser(app: FastifyInstance, user: { account: string; password: string; realName?: string; roleIds?: string[]; positionIds?: string[] }): Promise<string> {
  const { hashPassword } = await import('../../server/src/lib/password');
  const id = `user-${user.account}`;
  await app.db
    .insertInto('users')
    .values({ id, account: user.account, real_name: user.realName ?? user.account, password: await hashPassword(md5Hex(user.password)), change_pwd_times: 1, organize_id: 'org-purchasing' })
    .execute();
  const rel = [...(user.roleIds ?? []).map((r) => ['Role', r] as const), ...(user.positionIds ?? []).map((p) => ['Position', p] as const)];
  for (const [objectType, objectId] of rel) {
    await app.db.insertInto('user_relation').values({ id: `${id}:${objectType}:${objectId}`, user_id: id, object_type: objectType, object_id: objectId }).execute();
  }
  return id;
}

/** Grants items (menus or buttons) to a Role, Position or User. */
export async function grant(app: FastifyInstance, objectType: 'Role' | 'Position' | 'User', objectId: string, items: Array<['module' | 'button', string]>): Promise<void> {
  for (const [itemType, itemId] of items) {
    await app.db.insertInto('authorize').values({ id: `g:${objectType}:${objectId}:${itemType}:${itemId}`, item_type: itemType, item_id: itemId, object_type: objectType, object_id: objectId }).execute();
  }
}

/** A route as Fastify registered it (issue 20 item 7): one method, the URL pattern, the route options. */
export interface CollectedRoute {
  method: string;
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: route options as Fastify hands them over (schema, config)
  options: any;
}

/**
 * An opt-in route collector (issue 20 item 7): pass `onRoute` in `appOptions` (buildApp adds it as an onRoute hook
 * before the modules); `routes` then lists every route of the app, one entry per method, in registration order.
 */
export function routeCollector(): { routes: CollectedRoute[]; onRoute: NonNullable<AppOptions['onRoute']> } {
  const routes: CollectedRoute[] = [];
  return {
    routes,
    onRoute(route) {
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, options: route });
    },
  };
}

/**
 * Captures the server log's error lines (issue 20 item 7): pass `stream` as `appOptions.logStream`; `errors` then holds
 * every JSON log line at level error (50) or above, or tagged `dataException` (a value PostgreSQL refused, answered
 * 400 by the envelope), parsed (a line that is not JSON counts as an error).
 */
export function logCapture(): { stream: NonNullable<AppOptions['logStream']>; errors: Array<Record<string, unknown>> } {
  const errors: Array<Record<string, unknown>> = [];
  return {
    errors,
    stream: {
      write(line: string) {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          entry = { level: 60, msg: line };
        }
        if (Number(entry.level) >= 50 || entry.dataException) errors.push(entry);
      },
    },
  };
}
