import { type KdData, storedToken } from './KdDataContext';

/**
 * POSTs `body` as JSON to `path` (an API answering a file: a report's Excel or PDF, a print template's PDF) with the
 * session token and the `n` query, and saves the answer as `fileName` through a temporary `<a download>` (the
 * browser's download). A JSON answer is the envelope of a refusal (e.g. over a row or record limit): rejects with an
 * Error carrying its `msg` (or `fallback` when it has none). `data.url` maps the path when the runtime gives one.
 */
export async function postDownload(data: KdData, path: string, body: unknown, fileName: string, fallback = 'error'): Promise<void> {
  const token = storedToken();
  const url = `${path}${path.includes('?') ? '&' : '?'}n=${Math.floor(Date.now() / 1000)}`;
  const res = await fetch(data.url ? data.url(url) : url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) }, body: JSON.stringify(body) });
  if ((res.headers.get('content-type') ?? '').includes('json') || !res.ok) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string };
    throw new Error(env.msg || fallback);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
