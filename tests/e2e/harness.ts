import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { freePort } from '../../src/testing/freePort';
import { admin } from '../../src/testing/pageTemplate';

/** Root of the repository. */
export const ROOT = new URL('../..', import.meta.url).pathname;
/** Folder for screenshots a reviewer can look at. */
export const OUTPUT = join(ROOT, 'test-output');

/** A running server process on a free port, with its own data folder. */
export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** Everything the server printed so far (stdout and stderr), e.g. the one-time administrator password. */
  log: () => string;
}

/** PostgreSQL database name of an e2e data folder: each server gets its own database when DATABASE_URL is set. */
function databaseFor(dir: string): string {
  return `kd_e2e_${dir.replace(/^.*[\\/]/, '').replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}`.slice(0, 63);
}


/** With DATABASE_URL set: the URL of the data folder's own database, created when missing; otherwise undefined (PGlite). */
export async function databaseUrlFor(dir: string): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const name = databaseFor(dir);
  await admin(async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!r.rowCount) await c.query(`CREATE DATABASE "${name}"`);
  });
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Starts the real server (`server/src/main.ts` under tsx, serving the built client from dist/) and waits until it answers.
 * With DATABASE_URL set it runs on a fresh PostgreSQL database of its own (kept for a restart on the same `dataDir`), else on PGlite.
 * `env` adds variables (e.g. KD_ADMIN_PASSWORD). Reuse `dataDir` to restart on the same data, and `port` to keep the
 * origin (a page left open meets the restarted server). Throws after 60 s without an answer.
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, port?: number): Promise<RunningServer> {
  port ??= await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'kd-e2e-'));
  const databaseUrl = await databaseUrlFor(dir);
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), KD_DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const r = await fetch(`${url}/api/System/TimeoutSetting/Get`);
      if (r.status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir: dir,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Removes a data folder made by startServer, and its PostgreSQL database when DATABASE_URL is set. */
export async function removeDir(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseFor(dir)}" WITH (FORCE)`));
}

/** Launches Debian's Chromium headless (never a downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page in a new zh-CN context of `browser`, 1366 × `height` px, whose actions wait up to 30 s by default. */
export async function openPage(browser: Browser, height: number): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** The end of an e2e file: closes the browser, stops the server and removes its data (each only if it was started). */
export async function shutDown(browser: Browser | undefined, server: RunningServer | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
  if (server) await removeDir(server.dataDir);
}

/** Signs in through the login page as a person would; resolves once the shell shows. */
export async function signIn(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('#password').press('Enter');
}

/**
 * A page of its own (openPage, 900 px high; page errors printed), signed in as `account` once `signedIn` is given
 * (resolves when the home shows): one browser context per person in the tests where two people meet (chat, notices).
 */
export async function personPage(browser: Browser, server: RunningServer, signedIn?: { account: string; password: string }): Promise<Page> {
  const page = await openPage(browser, 900);
  page.on('pageerror', (e) => console.log('page error:', e.message));
  if (signedIn) {
    await signIn(page, server.url, signedIn.account, signedIn.password);
    await page.waitForURL(/#\/home/);
  }
  return page;
}

/** Waits until no element matching `root` (a CSS selector), or inside it, is in an appear/enter motion or a finite running animation. */
async function motionOver(page: Page, root: string): Promise<void> {
  await page.waitForFunction((sel) => {
    if (document.querySelector(`${sel}[class*="-appear"], ${sel}[class*="-enter"], ${sel} [class*="-appear"], ${sel} [class*="-enter"]`)) return false;
    return document.getAnimations().every((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY || !target?.closest(sel);
    });
  }, root);
}

/**
 * Clicks the button `name` of the open dialog once its opening motion is over: no element inside a modal still carries
 * an appear/enter motion class and no finite animation runs there. antd zooms a modal in from the pointer (0.3 s); on a
 * loaded machine Playwright pressed on the still-moving 确定 and released over the wrap, so the browser sent the click
 * to the wrap and the confirmation stayed open (seen in CI and under load: pointerdown and mousedown on
 * `<span>确定</span>`, click on `.ant-modal-wrap`).
 */
export async function clickInDialog(page: Page, name: RegExp, dialog: Locator = page.getByRole('dialog')): Promise<void> {
  await dialog.waitFor();
  await motionOver(page, '.ant-modal-root');
  await dialog.getByRole('button', { name }).click();
}

/**
 * Clicks `option` of an open select or tree-select dropdown once the dropdown has finished sliding in, for the same
 * reason as clickInDialog (a tree-select choice was once lost under load: the record saved without its department).
 */
export async function clickInDropdown(page: Page, option: Locator): Promise<void> {
  await option.waitFor();
  await motionOver(page, '.ant-select-dropdown');
  await option.click();
}

/**
 * Signs out through the user menu (退出登录, then the confirmation's 确定) and waits for /login. The menu item is pressed
 * once the dropdown has finished sliding in, for the same reason as clickInDialog: in CI (stop 35, portal.test) the
 * press on 退出登录 was lost under load and no confirmation opened within 30 s.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '退出登录' });
  await item.waitFor();
  await motionOver(page, '.ant-dropdown');
  await item.click();
  await clickInDialog(page, /确\s*定/);
  await page.waitForURL(/#\/login/);
}
