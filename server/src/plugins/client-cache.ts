import { relative, sep } from 'node:path';
import type { FastifyReply } from 'fastify';

/** Cache-Control of Vite's content-hashed build assets (`/assets/*`): a new build gives new names, so cache for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html: always revalidated, so a new build's asset names reach the browser at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The Cache-Control of a file of the built client (issue 5 item 10, performance): `IMMUTABLE_CACHE` under `assets/`,
 * `REVALIDATE_CACHE` for index.html, undefined (the static plugin's default) for anything else. `file` is the absolute
 * path served, possibly a precompressed sibling (`.br`, `.gz`), which caches as its original.
 */
export function clientCacheControl(root: string, file: string): string | undefined {
  const rel = relative(root, file).split(sep).join('/').replace(/\.(br|gz)$/, '');
  if (rel.startsWith('assets/')) return IMMUTABLE_CACHE;
  if (rel === 'index.html') return REVALIDATE_CACHE;
  return undefined;
}

/** The @fastify/static `setHeaders` hook serving `root` with `clientCacheControl`. */
export function clientCacheHeaders(root: string): (reply: FastifyReply, file: string) => void {
  return (reply, file) => {
    const value = clientCacheControl(root, file);
    if (value) reply.header('cache-control', value);
  };
}
