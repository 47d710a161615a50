import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's PostgreSQL client programs (pg_dump, pg_restore) for backups on PostgreSQL (issue 23 item 1). The URL's
 * password travels in PGPASSWORD, never on the command line (`ps` shows arguments) nor in an error message.
 */

/** `url` without its password, and the password (PGPASSWORD) if it had one. */
export function splitPassword(url: string): { url: string; password: string | null } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : null;
  u.password = '';
  return { url: u.toString(), password };
}

/**
 * The client program `name` for a server of major version `major`: `/usr/lib/postgresql/<major>/bin/<name>` when
 * installed (a pg_dump must not be older than the server), else `/usr/bin/<name>`, else `name` on PATH.
 */
export function pgProgram(name: 'pg_dump' | 'pg_restore', major: number): string {
  const own = `/usr/lib/postgresql/${major}/bin/${name}`;
  if (existsSync(own)) return own;
  return existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : name;
}

/**
 * Runs a PostgreSQL client program with `args` (the last may be a connection URL: give it as `url`, its password
 * goes to PGPASSWORD). → stdout.
 * @throws Error(`<program> failed: <stderr>`) on a non-zero exit or when the program cannot start; the password never
 * appears in it.
 */
export async function runPgTool(program: string, args: string[], url?: string): Promise<string> {
  const split = url ? splitPassword(url) : null;
  const env = { ...process.env, ...(split?.password ? { PGPASSWORD: split.password } : {}), PGCONNECT_TIMEOUT: '10' };
  const argv = split ? [...args, `--dbname=${split.url}`] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(program, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => reject(new Error(`${program} failed: ${e.message}`)));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      const clean = split?.password ? stderr.split(split.password).join('***') : stderr;
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${program.split('/').pop()} failed (exit ${code}): ${clean.slice(0, 2000)}`));
    });
  });
}
