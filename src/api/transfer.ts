import { parse } from 'content-disposition';
import { ApiError, callHeaders, callUrl, type Envelope, ERROR_TOAST_MS, endSession, requestErrorText } from './client';
import { toast } from './toast';

/**
 * File transfers with the wire conventions (spec 000 §7–§8): downloads that answer a file (or an error envelope),
 * and uploads with progress (XMLHttpRequest: fetch cannot report upload progress in every browser).
 */

/** A downloaded file: its bytes and the name the server gave (content-disposition), else `fallback`. */
export interface Downloaded {
  blob: Blob;
  fileName: string;
}

/**
 * The file name of a content-disposition header, or null (issue 24 item 4): the `content-disposition` package's
 * `parse`, the same package the server builds the header with; `filename*` (RFC 8187) wins over `filename`, and a
 * `%` in a plain `filename="100%.xlsx"` stays a `%`. A header the parser refuses → null.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  try {
    const name = parse(disposition).parameters.filename;
    return name ? name : null;
  } catch {
    return null;
  }
}

/**
 * Fetches a file (`GET`, or `POST` with a JSON body). An envelope answer instead of a file (JSON shaped
 * `{ code, msg, data }` without content-disposition, e.g. 400 or 403) is toasted and rejected as ApiError like every
 * call; a JSON file (a model export) is a file. A transport failure toasts 请求出错，请重试.
 */
export async function download(path: string, opts: { method?: 'get' | 'post'; json?: unknown; fallbackName: string }): Promise<Downloaded> {
  let res: Response;
  try {
    res = await fetch(callUrl(path), {
      method: (opts.method ?? 'get').toUpperCase(),
      headers: { ...callHeaders(), ...(opts.json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    });
  } catch {
    toast('error', requestErrorText(), ERROR_TOAST_MS);
    throw new ApiError(0, requestErrorText(), null, true);
  }
  const type = res.headers.get('content-type') ?? '';
  const disposition = res.headers.get('content-disposition');
  const blob = await res.blob();
  let env: Partial<Envelope> | null = null;
  if (!res.ok) {
    env = {};
    try {
      env = JSON.parse(await blob.text()) as Partial<Envelope>;
    } catch {
      /* no envelope: a transport error */
    }
  } else if (!disposition && type.includes('application/json')) {
    // A JSON file (e.g. a model export) or an error envelope: only the envelope shape is an error.
    try {
      const body = JSON.parse(await blob.text()) as Record<string, unknown>;
      if (body && typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body) env = body as Partial<Envelope>;
    } catch {
      /* not JSON after all: a file */
    }
  }
  if (env) {
    const msg = env.msg || requestErrorText();
    toast('error', msg, ERROR_TOAST_MS);
    if (typeof env.code === 'number') endSession(env.code);
    throw new ApiError(env.code ?? res.status, msg, env.data ?? null, !res.ok);
  }
  return { blob, fileName: fileNameOf(disposition) ?? opts.fallbackName };
}

/** Saves a blob in the browser under `fileName` (a temporary object URL on a clicked link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Uploads `form` (multipart) with POST and resolves the envelope whatever its code (callers show import errors
 * themselves). `onProgress(fraction)` reports the upload from 0 to 1. A transport failure toasts and rejects.
 */
export function uploadWithProgress<T = unknown>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', callUrl(path));
    for (const [k, v] of Object.entries(callHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload?.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    });
    const failed = () => {
      toast('error', requestErrorText(), ERROR_TOAST_MS);
      reject(new ApiError(xhr.status, requestErrorText(), null, true));
    };
    xhr.onerror = failed;
    xhr.onload = () => {
      let env: Envelope<T>;
      try {
        env = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        failed();
        return;
      }
      onProgress?.(1);
      endSession(env.code);
      resolve(env);
    };
    xhr.send(form);
  });
}
