import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Avatar files (spec 000 §5 "image files only, 5 MB"): stored as `${dataDir}/files/userAvatar/<uuid>.<ext>` and served
 * by name. Only images recognised by their first bytes are kept (png, jpeg, gif, webp, bmp); SVG is refused (it can
 * carry scripts). Names are generated here, never taken from a request, and checked by `isAvatarName` when read.
 */

/** The avatar size limit in bytes (spec 000 §5, §9: 5242880). */
export const AVATAR_MAX_BYTES = 5_242_880;

/** The image types accepted, by extension, with their content type. */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** The image type of a buffer from its signature (magic bytes); undefined when it is not an accepted image. */
export function sniffImage(buf: Buffer): ImageExt | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (buf.length >= 2 && buf[0] === 0x42 && buf[1] === 0x4d) return 'bmp';
  return undefined;
}

/** True for a name this module generates (or a simple `name.ext` of an accepted image type): no paths, no dots. */
export function isAvatarName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}\.(png|jpe?g|gif|webp|bmp)$/i.test(name);
}

/** The content type of an avatar file name. */
export function contentTypeOf(name: string): string {
  const ext = name.split('.').pop()!.toLowerCase();
  return ext === 'jpeg' ? 'image/jpeg' : (IMAGE_TYPES[ext as ImageExt] ?? 'application/octet-stream');
}

/**
 * The avatar folder: `${dataDir}/files/userAvatar`, where dataDir is `app.dataDir` when the app declares one, else
 * KD_DATA_DIR, else ./data (the same default as the database, design.md §7).
 */
export function avatarDir(app: FastifyInstance): string {
  const declared = (app as unknown as { dataDir?: unknown }).dataDir;
  const dataDir = typeof declared === 'string' && declared ? declared : process.env.KD_DATA_DIR || './data';
  return resolve(dataDir, 'files', 'userAvatar');
}

/** Writes an image under a fresh name and returns that name. */
export async function saveAvatar(dir: string, buf: Buffer, ext: ImageExt): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await writeFile(join(dir, name), buf, { flag: 'wx' });
  return name;
}

/** Reads an avatar by name; undefined when the name is not an avatar name or the file does not exist. */
export async function readAvatar(dir: string, name: string): Promise<Buffer | undefined> {
  if (!isAvatarName(name)) return undefined;
  try {
    return await readFile(join(dir, name));
  } catch {
    return undefined;
  }
}

/** Deletes an avatar file by name (ignores names that are not ours and files already gone). */
export async function removeAvatar(dir: string, name: string | null): Promise<void> {
  if (!name || !isAvatarName(name)) return;
  await unlink(join(dir, name)).catch(() => undefined);
}
