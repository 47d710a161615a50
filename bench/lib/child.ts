import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** True when `taskset` exists (util-linux): processes can be pinned to cores. */
export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Pins every thread of this process to `core` (taskset -a), so a load generator and the server it drives do not
 * share a core (performance.md rules). Returns false when it could not.
 */
export function pinSelf(core: number): boolean {
  if (!hasTaskset) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A benchmark child process spoken to over IPC: `call(cmd, args)` resolves its answer. */
export interface Child<Ready> {
  ready: Ready;
  call<T = unknown>(cmd: string, args?: Record<string, unknown>): Promise<T>;
  /** Sends `close` and waits for the exit (kills after 10 s). */
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts `node --import tsx <script>` (repository-relative) pinned to `core` when taskset exists, with `env` added, and
 * waits for its `{ ready: true, … }` message (bounded by `timeoutMs`). Its stderr is passed through. BENCH_PROFILE=<dir>
 * writes a V8 CPU profile of the child there when it exits.
 */
export function startChild<Ready>(script: string, env: Record<string, string>, core: number | null, timeoutMs = 180_000): Promise<Child<Ready>> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const node = [process.execPath, ...profile, '--import', 'tsx', script];
  const [cmd, ...args] = core !== null && hasTaskset ? ['taskset', '-c', String(core), ...node] : node;
  const proc: ChildProcess = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${script} not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready`));
      for (const p of pending.values()) p.reject(new Error(`${script} exited (${code})`));
    });
    proc.on('message', (m: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (m.ready) {
        clearTimeout(timer);
        resolve({
          ready: m as Ready,
          call<T>(cmdName: string, a: Record<string, unknown> = {}) {
            const id = next++;
            return new Promise<T>((res, rej) => {
              pending.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              proc.send({ id, cmd: cmdName, ...a });
            });
          },
          async close() {
            const exited = new Promise<void>((res) => proc.once('exit', () => res()));
            const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
            proc.send({ id: next++, cmd: 'close' });
            await exited;
            clearTimeout(kill);
          },
        });
        return;
      }
      const p = m.id !== undefined ? pending.get(m.id) : undefined;
      if (!p) return;
      pending.delete(m.id!);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.result);
    });
  });
}
