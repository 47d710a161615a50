import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/testing/freePort';

/**
 * A commit's source tree for B26 (bench/pages.bench.ts): exported with `git archive` into
 * test-output/bench-src/<sha12> with this tree's node_modules linked (as bench/run.ts `--ref` does), its client built
 * there by its own `vite build`, and its own server started from there (tests/e2e/harness.ts startServer's way).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Marker written in dist/ after a successful build of an exported tree (a later run reuses the build). */
const BUILT = '.kd-bench-built';

/** An exported commit: full sha, its short form and the folder. */
export interface Tree {
  sha: string;
  short: string;
  dir: string;
}

/** Exports commit `ref` (any git revision, e.g. `2b1237d^`) unless already there; throws when the revision is unknown. */
export function exportTree(ref: string): Tree {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT }).toString().trim();
  const short = sha.slice(0, 12);
  const dir = join(ROOT, 'test-output', 'bench-src', short);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', sha], { cwd: ROOT, maxBuffer: 512 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar, maxBuffer: 64 * 1024 * 1024 });
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { sha, short, dir };
}

/**
 * Builds the tree's client (`npx vite build` in its folder, its own vite.config.ts) unless a build of it is already
 * there. Resolves the build time in ms (0 when reused). Rejects with the build's output when it fails (e.g. an import
 * of a package missing from today's node_modules).
 */
export function buildTree(tree: Tree): Promise<number> {
  if (existsSync(join(tree.dir, 'dist', BUILT))) return Promise.resolve(0);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: tree.dir,
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`vite build of ${tree.short} failed (${code}):\n${out.slice(-3000)}`));
      writeFileSync(join(tree.dir, 'dist', BUILT), `${tree.sha}\n`);
      resolve(Date.now() - t0);
    });
  });
}

/** A server started from an exported tree, on PGlite in its own temporary data folder. */
export interface TreeServer {
  url: string;
  /** The admin's session token (Authorization header value). */
  token: string;
  stop(): Promise<void>;
}

/** The admin's password on every bench server (KD_ADMIN_PASSWORD at first start). */
export const PASSWORD = 'Bench2026ok';

/** The JNPF sign-in of the admin through the API (POST /api/oauth/Login, form-encoded, md5 of the password). */
async function apiLogin(url: string): Promise<string> {
  const body = new URLSearchParams({
    account: 'admin',
    password: createHash('md5').update(PASSWORD).digest('hex'),
    client_id: 'admin',
    client_secret: '123456',
    scope: 'all',
    grant_type: 'password',
  });
  const r = (await (await fetch(`${url}/api/oauth/Login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })).json()) as {
    code: number;
    msg: string;
    data: { token: string };
  };
  if (r.code !== 200) throw new Error(`sign-in on ${url}: ${r.msg}`);
  return r.data.token;
}

/**
 * Starts `tsx server/src/main.ts` in `tree.dir` (its own server code, serving its own dist/) on a free port with
 * KD_ADMIN_PASSWORD and a fresh data folder, DATABASE_URL removed (PGlite). Waits for an answer (180 s), signs the
 * admin in through the API. `stop` ends the process and removes the data folder.
 */
export async function startTreeServer(tree: Tree): Promise<TreeServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kd-bench-pages-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), KD_DATA_DIR: dataDir, KD_ADMIN_PASSWORD: PASSWORD };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(join(tree.dir, 'node_modules/.bin/tsx'), ['server/src/main.ts'], { cwd: tree.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server of ${tree.short} exited early:\n${log.slice(-3000)}`);
    }
    try {
      const r = await fetch(`${url}/api/System/TimeoutSetting/Get`);
      if (r.status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server of ${tree.short} did not answer within 180 s:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, token: await apiLogin(url), stop };
}

/** Calls the server's API as the admin; resolves `data` of the JNPF envelope, throws on a code other than 200. */
export async function api<T = unknown>(server: TreeServer, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: server.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await r.json()) as { code: number; msg: string; data: T };
  if (j.code !== 200) throw new Error(`${method} ${path} on ${server.url}: ${j.code} ${j.msg}`);
  return j.data;
}
