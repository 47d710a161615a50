import { fileTypeFromFile } from 'file-type';

/**
 * Content checks of uploaded files (issue 3 "uploads"; issue 24 item 7). Each accepted extension names what the
 * `file-type` library must find in the stored file: it reads the structure, not only a magic number (an Office Open
 * XML package is told from a plain ZIP by its `[Content_Types].xml`, an MP4 from HEIF/QuickTime/3GP by its ftyp
 * brand). A file whose content is of another kind is refused ('mismatch'); extensions outside the table (svg, html,
 * exe…) are never stored ('unsupported'; SVG stays refused on purpose: it carries scripts).
 * Where file-type alone is loose, a structural check is added: BMP (file-type only looks at `BM`) must have a real
 * BITMAPFILEHEADER + DIB header. Text formats (.txt, .csv), which file-type does not detect, must be valid UTF-8
 * (a BOM allowed) without NUL bytes in the WHOLE file, and file-type must find no binary format in them.
 */

/** How an extension is recognised: the file-type extensions it accepts, or 'text'. */
type Expect = readonly string[] | 'text';

/** Extension (lower case, with dot) → content type and what file-type must detect. */
export const FILE_TYPES: Record<string, { mime: string; expect: Expect }> = {
  '.pdf': { mime: 'application/pdf', expect: ['pdf'] },
  '.png': { mime: 'image/png', expect: ['png', 'apng'] },
  '.jpg': { mime: 'image/jpeg', expect: ['jpg'] },
  '.jpeg': { mime: 'image/jpeg', expect: ['jpg'] },
  '.gif': { mime: 'image/gif', expect: ['gif'] },
  '.webp': { mime: 'image/webp', expect: ['webp'] },
  '.bmp': { mime: 'image/bmp', expect: ['bmp'] },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', expect: ['docx'] },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', expect: ['xlsx'] },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', expect: ['pptx'] },
  // An Office Open XML package is a ZIP archive too.
  '.zip': { mime: 'application/zip', expect: ['zip', 'docx', 'xlsx', 'pptx'] },
  // Legacy Office files are OLE2 compound files; file-type names them all 'cfb'.
  '.doc': { mime: 'application/msword', expect: ['cfb'] },
  '.xls': { mime: 'application/vnd.ms-excel', expect: ['cfb'] },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', expect: ['cfb'] },
  '.rar': { mime: 'application/vnd.rar', expect: ['rar'] },
  '.7z': { mime: 'application/x-7z-compressed', expect: ['7z'] },
  '.mp4': { mime: 'video/mp4', expect: ['mp4'] },
  '.txt': { mime: 'text/plain; charset=utf-8', expect: 'text' },
  '.csv': { mime: 'text/csv; charset=utf-8', expect: 'text' },
};

/** How many leading bytes the structural checks need (the BMP headers). */
export const HEAD_BYTES = 64;

/** The extension of a client file name, lower case with the dot ('' when none). Only the last dot counts. */
export function extensionOf(name: string): string {
  const m = /(\.[A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

/**
 * A streaming plain-text check: feed every chunk with `push`, then `ok()` tells whether the whole input was valid
 * UTF-8 without NUL bytes (a multi-byte character may span chunks; a cut one at the very end is invalid).
 */
export function textChecker(): { push(chunk: Uint8Array): void; ok(): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(chunk) {
      if (!valid) return;
      if (chunk.includes(0)) valid = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          valid = false;
        }
      }
    },
    ok() {
      if (!valid) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * A real Windows bitmap header: BITMAPFILEHEADER (`BM`, file size 0 or equal to `size`, reserved 0, pixel offset
 * inside the file after the headers) then a known DIB header size (12, 40, 52, 56, 64, 108, 124) with 1 plane and a
 * bit depth of 1, 2, 4, 8, 16, 24, 32 or 64.
 */
export function isBitmap(head: Buffer, size: number): boolean {
  if (head.length < 30 || head[0] !== 0x42 || head[1] !== 0x4d) return false;
  const fileSize = head.readUInt32LE(2);
  const offset = head.readUInt32LE(10);
  const dib = head.readUInt32LE(14);
  if ((fileSize !== 0 && fileSize !== size) || head.readUInt32LE(6) !== 0) return false;
  if (![12, 40, 52, 56, 64, 108, 124].includes(dib) || offset < 14 + dib || offset > size) return false;
  const planes = dib === 12 ? head.readUInt16LE(22) : head.readUInt16LE(26);
  const bits = dib === 12 ? head.readUInt16LE(24) : head.readUInt16LE(28);
  return planes === 1 && [1, 2, 4, 8, 16, 24, 32, 64].includes(bits);
}

/**
 * Checks the stored file at `path` (`size` bytes; `head` its first HEAD_BYTES or fewer; `textOk` the textChecker
 * verdict over the whole file) against the family of `ext`. Returns null when it matches, else 'unsupported' (the
 * extension is not in FILE_TYPES) or 'mismatch' (the content is of another kind).
 */
export async function checkStoredFile(ext: string, path: string, size: number, head: Buffer, textOk: boolean): Promise<null | 'unsupported' | 'mismatch'> {
  const type = FILE_TYPES[ext];
  if (!type) return 'unsupported';
  const found = (await fileTypeFromFile(path).catch(() => undefined))?.ext;
  if (type.expect === 'text') return !found && textOk ? null : 'mismatch';
  if (!found || !type.expect.includes(found)) return 'mismatch';
  if (found === 'bmp' && !isBitmap(head, size)) return 'mismatch';
  return null;
}
