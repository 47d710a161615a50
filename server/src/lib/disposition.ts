import { create, parse } from 'content-disposition';

/**
 * The one Content-Disposition builder of the server (issue 24 item 4), on the `content-disposition` package: a plain
 * `filename="…"` when the name is printable ASCII without `%XX` sequences, else an ASCII fallback (`?` for other
 * characters) plus RFC 8187 `filename*=UTF-8''…` with every character outside attr-char percent-encoded (`'()*`
 * included). Quotes and backslashes are escaped inside the quoted fallback, never percent-encoded there.
 * Every download and upload answer with a file name uses it; browsers and the client (src/api/transfer.ts) read
 * the name back with the same package's `parse`.
 */

/** Control characters (C0, DEL, C1) and path separators are not part of a file name a browser can save. */
const UNSAFE = /[\p{Cc}/\\]/gu;

/**
 * The Content-Disposition header value for a file `name` (any Unicode; control characters and `/` `\` become `_`;
 * empty → `file`), `kind` attachment (save) or inline (show in the browser).
 */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean = name.replace(UNSAFE, '_').trim() || 'file';
  return create(clean, { type: kind });
}

/**
 * The file name of an uploaded multipart part as the user chose it. Browsers write `"` as `%22` and CR/LF as
 * `%0D`/`%0A` inside a multipart `filename="…"` (HTML's form-data encoding) and the multipart parser hands that text
 * over as it is; the package's `parse` in multipart mode decodes exactly those sequences (any other `%` stays).
 */
export function uploadedFileName(raw: string): string {
  try {
    return parse(`form-data; filename="${raw.replace(/"/g, '%22')}"`, { multipart: true }).parameters.filename ?? raw;
  } catch {
    return raw;
  }
}
