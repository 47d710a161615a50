import type { MessageLang } from './validate';

/**
 * Upload limits of spec 001 §5 ("File upload"), shared by the upload widgets and the server's upload route.
 * Pure TypeScript.
 */

/** Units of `fileSize`. */
export type SizeUnit = 'KB' | 'MB' | 'GB';

/** Default accept list for files (spec 001 §5). */
export const DEFAULT_ACCEPT = '.pdf,.png,.jpg,.doc,.docx,.xls,.xlsx';
/** Default accept list for images. */
export const DEFAULT_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.bmp,.webp';
/** Default size limit: 5 MB. */
export const DEFAULT_SIZE = { fileSize: 5, sizeUnit: 'MB' as SizeUnit };

/** The limits an upload field declares (JNPF uploadFz/uploadImg props). */
export interface UploadLimits {
  /** Size limit in `sizeUnit` (default 5). */
  fileSize?: number | null;
  sizeUnit?: SizeUnit | string | null;
  /** Comma-separated extensions (`.pdf,.png`) or MIME patterns (`image/*`); empty means the default list. */
  accept?: string | null;
  /** Maximum number of files; 0 or empty means no limit. */
  limit?: number | null;
}

const UNIT_BYTES: Record<SizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** The size limit in bytes. */
export function maxBytes(l: UploadLimits): number {
  const unit = (String(l.sizeUnit ?? 'MB').toUpperCase() as SizeUnit) in UNIT_BYTES ? (String(l.sizeUnit ?? 'MB').toUpperCase() as SizeUnit) : 'MB';
  const size = typeof l.fileSize === 'number' && l.fileSize > 0 ? l.fileSize : DEFAULT_SIZE.fileSize;
  return size * UNIT_BYTES[unit];
}

/** True when `name` (and optionally `type`, a MIME type) matches the accept list. */
export function acceptsFile(accept: string, name: string, type = ''): boolean {
  const items = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!items.length) return true;
  const lower = name.toLowerCase();
  const mime = type.toLowerCase();
  return items.some((a) => (a.startsWith('.') ? lower.endsWith(a) : a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : mime === a));
}

/** Keys of the upload messages ({@link UPLOAD_MESSAGES}). */
export type UploadMessageKey = 'tooLarge' | 'badType' | 'tooManyFiles' | 'tooManyImages';

/**
 * The upload messages of spec 001 §5 ("File upload") in every language (issue 25 item 5: the widget and the server
 * answer in the user's language; zh is the spec's text). `{size}{unit}`, `{accept}` and `{n}` are filled in.
 */
export const UPLOAD_MESSAGES: Record<MessageLang, Record<UploadMessageKey, string>> = {
  zh: { tooLarge: '文件大小超过{size}{unit}', badType: '应该选择{accept}类型的文件', tooManyFiles: '当前限制最多可以上传{n}个文件', tooManyImages: '当前限制最多可以上传{n}张图片' },
  tw: { tooLarge: '檔案大小超過{size}{unit}', badType: '應該選擇{accept}類型的檔案', tooManyFiles: '目前限制最多可以上傳{n}個檔案', tooManyImages: '目前限制最多可以上傳{n}張圖片' },
  en: { tooLarge: 'The file is larger than {size} {unit}', badType: 'Choose a file of type {accept}', tooManyFiles: 'At most {n} files can be uploaded', tooManyImages: 'At most {n} images can be uploaded' },
  mas: { tooLarge: 'Fail melebihi {size} {unit}', badType: 'Pilih fail jenis {accept}', tooManyFiles: 'Paling banyak {n} fail boleh dimuat naik', tooManyImages: 'Paling banyak {n} imej boleh dimuat naik' },
};

/** Upload message `key` in `lang` (zh when unknown) with its `{name}` placeholders filled from `vars`. */
export function uploadMessage(key: UploadMessageKey, vars: Record<string, string | number>, lang: MessageLang | string = 'zh'): string {
  const template = (UPLOAD_MESSAGES as Record<string, Record<UploadMessageKey, string>>)[lang]?.[key] ?? UPLOAD_MESSAGES.zh[key];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] === undefined ? m : String(vars[name])));
}

/** The spec's max-count message (spec 001 §5 "File upload"): 当前限制最多可以上传{n}个文件, images {n}张图片; in `lang`. */
export function limitMessage(limit: number, kind: 'file' | 'image' = 'file', lang: MessageLang | string = 'zh'): string {
  return uploadMessage(kind === 'image' ? 'tooManyImages' : 'tooManyFiles', { n: limit }, lang);
}

/**
 * Checks one file against the limits before upload (spec 001 §5). Returns null when allowed, else the message in
 * `lang` (default zh): 文件大小超过{size}{unit}, 应该选择{accept}类型的文件, or 当前限制最多可以上传{n}个文件 (images: {n}张图片).
 * @param existing how many files the field already holds
 */
export function checkUpload(file: { name: string; size: number; type?: string }, limits: UploadLimits, existing: number, kind: 'file' | 'image' = 'file', lang: MessageLang | string = 'zh'): string | null {
  const limit = typeof limits.limit === 'number' && limits.limit > 0 ? limits.limit : 0;
  if (limit && existing >= limit) return limitMessage(limit, kind, lang);
  const accept = limits.accept || (kind === 'image' ? DEFAULT_IMAGE_ACCEPT : DEFAULT_ACCEPT);
  if (!acceptsFile(accept, file.name, file.type)) return uploadMessage('badType', { accept }, lang);
  if (file.size > maxBytes(limits)) return tooLargeMessage(limits, lang);
  return null;
}

/** The size message of `limits` (文件大小超过{size}{unit}; the defaults 5 MB when unset) in `lang`. */
export function tooLargeMessage(limits: UploadLimits, lang: MessageLang | string = 'zh'): string {
  const size = typeof limits.fileSize === 'number' && limits.fileSize > 0 ? limits.fileSize : DEFAULT_SIZE.fileSize;
  return uploadMessage('tooLarge', { size, unit: limits.sizeUnit || DEFAULT_SIZE.sizeUnit }, lang);
}
