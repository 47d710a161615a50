// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { renderers } from '../index';
import tableDef from '../table/definition';
import uploadFz from '../upload-fz/definition';
import uploadImg from '../upload-img/definition';
import { type KdData, KdDataContext } from './KdDataContext';
import KdForm from './KdForm';
import { settle } from './renderStory';
import { fieldFrom } from './stories';
import type { FormMode } from './types';

/**
 * Uploads in a model's form (issue 3 gap 2; spec 001 §5 "File upload", §7): the widget posts with the model's
 * `modelId` and the field's `vModel` (`table.column` in a sub-table) so the server applies that field's limits, and
 * previews/links carry `?token=` so a plain <img>/<a> opens them for the signed-in user.
 */
const photos = fieldFrom(uploadImg.scaffold, 'photos', '产品图片');
const lines: FieldConfig = { ...tableDef.scaffold, __vModel__: 'lines', __config__: { ...tableDef.scaffold.__config__, label: '明细', children: [fieldFrom(uploadFz.scaffold, 'attach', '附件')] } };
const PIC = '/api/file/Download/annexpic/20261121/0123456789abcdef0123456789abcdef/a.png';
const DOC = '/api/file/Download/annex/20261121/fedcba98765432100123456789abcdef/b.pdf';

let paths: string[];
const data: KdData = {
  request: async () => null,
  upload: async (path, file) => {
    paths.push(path);
    return { name: file.name, fileId: '0123456789abcdef0123456789abcdef', url: PIC };
  },
};

beforeEach(() => {
  paths = [];
  localStorage.setItem('kd_token_String', 'tok-123');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function show(formData: Record<string, unknown>, mode: FormMode = 'edit', onChange = vi.fn()) {
  const r = await act(async () =>
    render(
      <KdDataContext.Provider value={data}>
        <KdForm form={{ fields: [photos, lines] }} registry={renderers} modelId="vd-supplier" formData={formData} mode={mode} onChange={onChange} />
      </KdDataContext.Provider>,
    ),
  );
  for (let i = 0; i < 200 && !document.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return { ...r, onChange };
}

describe('uploads in a model form', () => {
  it('posts with modelId and the field vModel, and previews the image with ?token=', async () => {
    const { container, onChange } = await show({});
    const input = container.querySelector('#root_photos input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(paths).toEqual(['/api/file/Uploader/annexpic?modelId=vd-supplier&vModel=photos']);
    expect(onChange.mock.calls.at(-1)![0].photos).toEqual([{ name: 'a.png', fileId: '0123456789abcdef0123456789abcdef', url: PIC }]);
    await waitFor(() => expect(container.querySelector('#root_photos img')?.getAttribute('src')).toBe(`${PIC}?token=tok-123`));
  });

  it('a sub-table cell posts its vModel as table.column', async () => {
    const { container } = await show({ lines: [{}] });
    const input = container.querySelector('#root_lines_0_attach input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'b.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(paths).toEqual(['/api/file/Uploader/annex?modelId=vd-supplier&vModel=lines.attach']));
  });

  it('read-only links and previews open with ?token= (no Authorization header in a plain <a>/<img>)', async () => {
    const { container } = await show({ photos: [{ name: 'a.png', fileId: 'p1', url: PIC }], lines: [{ attach: [{ name: 'b.pdf', fileId: 'd1', url: DOC }] }] }, 'readonly');
    await waitFor(() => expect(container.querySelector('#root_photos img')?.getAttribute('src')).toBe(`${PIC}?token=tok-123`));
    const link = [...container.querySelectorAll('#root_lines_0_attach a')].find((a) => a.textContent?.includes('b.pdf'));
    expect(link?.getAttribute('href')).toBe(`${DOC}?token=tok-123`);
  });
});
