import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../schemas/field';
import { DEFAULT_ACCEPT, DEFAULT_IMAGE_ACCEPT } from '../../src/engine/upload';
import { baseColumn } from './fieldProps';
import { inspectorOf } from './inspectors';

/** One stored file (spec 001 §3 "Uploaded file"): name, fileId, url. */
export interface StoredFile {
  name: string;
  fileId: string;
  url: string;
}

/**
 * Value schema of upload widgets: an array of `{name, fileId, url}`, at most `limit` items; more is refused with the
 * spec's 当前限制最多可以上传{n}个文件 (uploadImg: 张图片) on client and server, in the caller's language (`x-upload`
 * names the kind, validate.ts).
 */
export function uploadSchema(field: FieldConfig): JSONSchema7 {
  const limit = typeof field.limit === 'number' && field.limit > 0 ? field.limit : undefined;
  return {
    type: 'array',
    items: {
      type: 'object',
      required: ['name', 'fileId'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 255 }, fileId: { type: 'string', minLength: 1, maxLength: 255 }, url: { type: 'string', maxLength: 1000 } },
    },
    ...(limit ? { maxItems: limit, 'x-upload': field.__config__.kdKey === 'uploadImg' ? 'image' : 'file' } : {}),
  } as JSONSchema7;
}

/** Upload inspector: size limit (number + KB/MB/GB), accept list, max count, button text. */
export function uploadInspector(kind: 'file' | 'image'): JSONSchema7 {
  return inspectorOf({
    fileSize: { type: 'number', title: '文件大小', exclusiveMinimum: 0 },
    sizeUnit: { type: 'string', title: '单位', enum: ['KB', 'MB', 'GB'] },
    accept: { type: 'string', title: '文件类型', examples: [kind === 'image' ? DEFAULT_IMAGE_ACCEPT : DEFAULT_ACCEPT] },
    limit: { type: 'integer', title: '最大上传数', minimum: 0 },
    buttonText: { type: 'string', title: '按钮文字' },
    disabled: { type: 'boolean', title: '是否禁用' },
  });
}

/** List column: the file names, comma-separated. */
export function uploadColumn(field: FieldConfig) {
  return baseColumn(field, {
    sortable: false,
    valueFormatter: (p) => (Array.isArray(p.value) ? p.value.map((f: { name?: string }) => f?.name ?? '').join(',') : ''),
  });
}
