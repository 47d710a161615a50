import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import { compileForm } from './compile';
import { validateRecord } from './validate';

/**
 * An upload field holding more files than its `limit` is refused by the shared schema (client and server alike) with
 * the spec's count message, not the generic length message (spec 001 §5 "File upload"; found by the every-widget test).
 */
describe('upload count limit in the compiled schema', () => {
  const upload = (kdKey: string, vModel: string, label: string, limit: number): FieldConfig =>
    ({ ...structuredClone(renderers[kdKey].scaffold), __vModel__: vModel, limit, __config__: { ...renderers[kdKey].scaffold.__config__, label } }) as FieldConfig;
  const compiled = compileForm({ fields: [upload('uploadFz', 'docs', '附件', 2), upload('uploadImg', 'pics', '图片', 1)] }, renderers);
  const file = (n: number) => ({ name: `f${n}.pdf`, fileId: `id${n}`, url: `/u/${n}` });

  it('files: 当前限制最多可以上传{n}个文件; images: 当前限制最多可以上传{n}张图片', () => {
    expect(validateRecord(compiled, { docs: [file(1), file(2), file(3)] })).toEqual([{ field: 'docs', label: '附件', message: '当前限制最多可以上传2个文件' }]);
    expect(validateRecord(compiled, { pics: [file(1), file(2)] })).toEqual([{ field: 'pics', label: '图片', message: '当前限制最多可以上传1张图片' }]);
  });

  it('in the caller’s language (issue 25 item 5)', () => {
    expect(validateRecord(compiled, { docs: [file(1), file(2), file(3)] }, 'en')[0].message).toBe('At most 2 files can be uploaded');
    expect(validateRecord(compiled, { pics: [file(1), file(2)] }, 'mas')[0].message).toBe('Paling banyak 1 imej boleh dimuat naik');
  });

  it('within the limit passes; other errors keep their own messages', () => {
    expect(validateRecord(compiled, { docs: [file(1), file(2)], pics: [file(3)] })).toEqual([]);
    expect(validateRecord(compiled, { docs: 'x' })[0].message).toBe('附件格式不正确');
  });
});
