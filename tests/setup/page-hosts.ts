import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import type { HostStart } from './page-host';

declare module 'vitest' {
  interface ProvidedContext {
    /** The page-host broker's URL (http://127.0.0.1:<port>); see tests/setup/page-hosts.ts. */
    kdPageHosts: string;
  }
}

/** One host process (tests/setup/page-host.ts) and whether a test file is using its server. */
interface Host {
  id: number;
  child: ChildProcess;
  busy: boolean;
  stderr: string;
  /** Resolves with the host's next message. */
  next: () => Promise<{ type: string; message?: string }>;
}

/** How long a host may take to load or to start a server (ms). */
const TIMEOUT_MS = 120_000;

/** Starts a host process and waits for its `ready`. Throws with its stderr when it exits or times out first. */
async function spawnHost(id: number): Promise<Host> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/page-host.ts'], { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const host: Host = { id, child, busy: true, stderr: '', next: () => Promise.reject(new Error('no request')) };
  child.stderr?.on('data', (d) => {
    host.stderr = (host.stderr + String(d)).slice(-4000);
  });
  host.next = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`page host ${id}: no answer within ${TIMEOUT_MS} ms: ${host.stderr}`)), TIMEOUT_MS);
      const onExit = () => reject(new Error(`page host ${id} exited: ${host.stderr}`));
      child.once('exit', onExit);
      child.once('message', (m: { type: string; message?: string }) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(m);
      });
    });
  const first = await host.next();
  if (first.type !== 'ready') throw new Error(`page host ${id}: ${first.message}`);
  return host;
}

/** Reads a JSON request body. */
async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

/**
 * Vitest globalSetup of the unit projects: a broker that lends page-test files a real server (src/testing/
 * pageTestServer.ts) from long-lived host processes, started on first demand and reused by the next file, so the
 * server's modules are loaded once per host, not once per file. `POST /start` (HostStart without `type`) → `{ host }`
 * once the server listens; `POST /stop` `{ host }` → closes it and frees the host. A host that failed is replaced.
 * Provides the broker's URL as `kdPageHosts`; the teardown ends every host.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hosts: Host[] = [];
  let ids = 0;
  const lend = async (): Promise<Host> => {
    const idle = hosts.find((h) => !h.busy && h.child.exitCode === null);
    if (idle) {
      idle.busy = true;
      return idle;
    }
    const host = await spawnHost(++ids);
    hosts.push(host);
    return host;
  };
  const drop = (host: Host) => {
    host.child.kill('SIGKILL');
    hosts.splice(hosts.indexOf(host), 1);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const reply = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
      try {
        const input = await body(req);
        if (req.url === '/start') {
          const host = await lend();
          host.child.send({ ...input, type: 'start' } satisfies Partial<HostStart>);
          const m = await host.next();
          if (m.type !== 'started') {
            drop(host);
            return reply(500, { error: m.message ?? m.type });
          }
          return reply(200, { host: host.id });
        }
        const host = hosts.find((h) => h.id === input.host);
        if (req.url !== '/stop' || !host) return reply(404, { error: 'no such host' });
        host.child.send({ type: 'stop' });
        const m = await host.next();
        if (m.type === 'stopped') host.busy = false;
        else drop(host);
        return reply(200, {});
      } catch (err) {
        reply(500, { error: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('kdPageHosts', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    for (const host of [...hosts]) drop(host);
    await new Promise((resolve) => server.close(resolve));
  };
}
