import { sniffImage } from '../current-user/avatar';

/**
 * Content checks of uploaded files (issue 3 "uploads": "the server … checks the content type"). Each accepted
 * extension belongs to a family recognised from the file's first bytes; a file whose bytes do not match its
 * extension is refused. Extensions outside the table (svg, html, exe…) are never stored.
 */

/** How a family is recognised from the first bytes (at least SNIFF_BYTES, or the whole file when smaller). */
type Check = (head: Buffer) => boolean;

/** How many leading bytes the checks need. */
export const SNIFF_BYTES = 4096;

const startsWith = (sig: number[]): Check => (b) => b.length >= sig.length && sig.every((x, i) => b[i] === x);
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04]);
const OLE2 = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const image = (ext: string): Check => (b) => sniffImage(b) === ext;
/** Plain text: no NUL byte and valid UTF-8 in the head (a cut multi-byte character at the end is allowed). */
const TEXT: Check = (b) => {
  if (b.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  return !text.slice(0, -1).includes('\uFFFD');
};

/** Extension (lower case, with dot) → content type and content check. */
export const FILE_TYPES: Record<string, { mime: string; check: Check }> = {
  '.pdf': { mime: 'application/pdf', check: startsWith([0x25, 0x50, 0x44, 0x46, 0x2d]) },
  '.png': { mime: 'image/png', check: image('png') },
  '.jpg': { mime: 'image/jpeg', check: image('jpg') },
  '.jpeg': { mime: 'image/jpeg', check: image('jpg') },
  '.gif': { mime: 'image/gif', check: image('gif') },
  '.webp': { mime: 'image/webp', check: image('webp') },
  '.bmp': { mime: 'image/bmp', check: image('bmp') },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', check: ZIP },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', check: ZIP },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', check: ZIP },
  '.zip': { mime: 'application/zip', check: ZIP },
  '.doc': { mime: 'application/msword', check: OLE2 },
  '.xls': { mime: 'application/vnd.ms-excel', check: OLE2 },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', check: OLE2 },
  '.rar': { mime: 'application/vnd.rar', check: startsWith([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]) },
  '.7z': { mime: 'application/x-7z-compressed', check: startsWith([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  '.mp4': { mime: 'video/mp4', check: (b) => b.length >= 8 && b.subarray(4, 8).toString('latin1') === 'ftyp' },
  '.txt': { mime: 'text/plain; charset=utf-8', check: TEXT },
  '.csv': { mime: 'text/csv; charset=utf-8', check: TEXT },
};

/** The extension of a client file name, lower case with the dot ('' when none). Only the last dot counts. */
export function extensionOf(name: string): string {
  const m = /(\.[A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

/**
 * Checks that `head` (the first bytes of the file) matches the family of `ext`. Returns null when it does, else
 * 'unsupported' (the extension is not in FILE_TYPES) or 'mismatch' (the bytes are of another kind).
 */
export function checkContent(ext: string, head: Buffer): null | 'unsupported' | 'mismatch' {
  const type = FILE_TYPES[ext];
  if (!type) return 'unsupported';
  return type.check(head) ? null : 'mismatch';
}
