import { describe, expect, it } from 'vitest';
import { acceptsFile, checkUpload, maxBytes } from './upload';

describe('upload limits (spec 001 §5)', () => {
  it('defaults: 5 MB and the default accept list', () => {
    expect(maxBytes({})).toBe(5 * 1024 * 1024);
    expect(checkUpload({ name: 'a.pdf', size: 1000 }, {}, 0)).toBeNull();
    expect(checkUpload({ name: 'a.exe', size: 1000 }, {}, 0)).toBe('应该选择.pdf,.png,.jpg,.doc,.docx,.xls,.xlsx类型的文件');
    expect(checkUpload({ name: 'a.pdf', size: 6 * 1024 * 1024 }, {}, 0)).toBe('文件大小超过5MB');
  });
  it('units KB/MB/GB', () => {
    expect(checkUpload({ name: 'a.pdf', size: 600 * 1024 }, { fileSize: 500, sizeUnit: 'KB' }, 0)).toBe('文件大小超过500KB');
    expect(checkUpload({ name: 'a.pdf', size: 2 * 1024 ** 3 }, { fileSize: 1, sizeUnit: 'GB' }, 0)).toBe('文件大小超过1GB');
  });
  it('count limit for files and images', () => {
    expect(checkUpload({ name: 'a.pdf', size: 1 }, { limit: 2 }, 2)).toBe('当前限制最多可以上传2个文件');
    expect(checkUpload({ name: 'a.png', size: 1 }, { limit: 3 }, 3, 'image')).toBe('当前限制最多可以上传3张图片');
  });
  it('in the caller’s language (issue 25 item 5)', () => {
    expect(checkUpload({ name: 'a.pdf', size: 6 * 1024 * 1024 }, {}, 0, 'file', 'en')).toBe('The file is larger than 5 MB');
    expect(checkUpload({ name: 'a.exe', size: 1 }, { accept: '.pdf' }, 0, 'file', 'mas')).toBe('Pilih fail jenis .pdf');
    expect(checkUpload({ name: 'a.png', size: 1 }, { limit: 3 }, 3, 'image', 'tw')).toBe('目前限制最多可以上傳3張圖片');
    expect(checkUpload({ name: 'a.pdf', size: 1 }, { limit: 2 }, 2, 'file', 'xx')).toBe('当前限制最多可以上传2个文件');
  });
  it('accept by extension or MIME pattern', () => {
    expect(acceptsFile('image/*', 'x.png', 'image/png')).toBe(true);
    expect(acceptsFile('.PDF', 'X.pdf')).toBe(true);
    expect(acceptsFile('.pdf', 'x.pdf.exe')).toBe(false);
  });
});
