import { createContext, useContext } from 'react';
import { currentWidgetWord } from './words';

/**
 * Data access for widgets (design.md §3: dictionaries, data sources and org data are pulled with hooks, never drilled).
 * The runtime provides a `KdData` through `KdDataContext.Provider` (its ky client with the wire conventions of §6);
 * the default is a plain `fetch` carrying the session token.
 */
export interface KdData {
  /**
   * Calls the API and resolves the envelope's `data` (design.md §6). Rejects with an Error carrying `msg`
   * when the body's code is not 200 or the exchange fails.
   */
  request: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;
  /** Builds a URL a browser can open directly (downloads, images); default: the path itself. */
  url?: (path: string) => string;
  /**
   * Uploads one file as multipart field `file` (`POST /api/file/Uploader/{type}`, design.md §6) and resolves the
   * envelope's data (`{name, url, fileId?}`). Optional: the default posts with fetch and the stored token.
   */
  upload?: (path: string, file: File) => Promise<unknown>;
}

/** Reads the session token stored by the shell (`kd_token_String`, spec 001 §9 storage naming). */
export function storedToken(): string | null {
  try {
    const raw = globalThis.localStorage?.getItem('kd_token_String');
    if (!raw) return null;
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  } catch {
    return null;
  }
}

/** The default data access: `fetch` with `Authorization` and the `n` query, envelope unwrapped. */
export const fetchData: KdData = {
  async request(method, path, body) {
    const token = storedToken();
    const sep = path.includes('?') ? '&' : '?';
    const res = await fetch(`${path}${sep}n=${Math.floor(Date.now() / 1000)}`, {
      method,
      headers: { ...(token ? { Authorization: token } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(currentWidgetWord('requestFailed'));
    const env = (await res.json()) as { code: number; msg?: string; data?: unknown };
    if (env.code !== 200) throw new Error(env.msg || currentWidgetWord('requestFailed'));
    return env.data;
  },
};

/** Uploads through `data.upload`, or with fetch (multipart, `Authorization`) when the runtime gives none. */
export async function uploadFile(data: KdData, path: string, file: File): Promise<unknown> {
  if (data.upload) return data.upload(path, file);
  const token = storedToken();
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(path, { method: 'POST', headers: token ? { Authorization: token } : {}, body });
  if (!res.ok) throw new Error(currentWidgetWord('uploadFailed'));
  const env = (await res.json()) as { code: number; msg?: string; data?: unknown };
  if (env.code !== 200) throw new Error(env.msg || currentWidgetWord('uploadFailed'));
  return env.data;
}

/**
 * A stored file's URL that a plain `<img>`/`<a>` can open for the signed-in user (no Authorization header there):
 * `GET /api/file/Download/…` paths get the session token as `?token=` (the server accepts it, spec 001 §7 "Other
 * shared calls"; server/src/modules/files), then go through `data.url` when the runtime gives one. Other URLs pass.
 */
export function fileHref(data: KdData, path: string): string {
  if (!path) return path;
  const token = path.startsWith('/api/file/Download/') ? storedToken()?.replace(/^Bearer\s+/i, '') : null;
  const signed = token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path;
  return data.url ? data.url(signed) : signed;
}

/** Context carrying the widgets' data access. */
export const KdDataContext = createContext<KdData>(fetchData);

/** Returns the data access provided by the runtime (or the default fetch). */
export function useKdData(): KdData {
  return useContext(KdDataContext);
}
