import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDF, PNG } from './file-fixtures';
import { createTestApp, createUser, type TestApp } from './helpers';
import { addSupplierFields, field } from './visualdev-fixtures';

/**
 * The upload widgets send `modelId` + `vModel` (issue 3 gap 2; spec 001 §5 "File upload"): the server applies that
 * field's own limits, also for a sub-table column (`table.column`), and a plain <img>/<a> opens the stored file with
 * `?token=` (no Authorization header).
 */
let t: TestApp;
let dataDir: string;
let admin: string;
let carol: string;

function multipart(name: string, bytes: Buffer) {
  const boundary = '----kdlimits7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, type: string, vModel: string, name: string, bytes: Buffer) {
  const { payload, headers } = multipart(name, bytes);
  const url = `/api/file/Uploader/${type}?modelId=vd-supplier&vModel=${encodeURIComponent(vModel)}`;
  const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, authorization: token }, payload });
  return res.json();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-files-limits-'));
  vi.stubEnv('KD_DATA_DIR', dataDir); // restored in afterAll: files of one worker share process.env
  t = await createTestApp();
  admin = await t.login();
  await createUser(t.app, { account: 'carol', password: 'Passw0rd!x' });
  carol = await t.login('carol', 'Passw0rd!x');
  await addSupplierFields(t, admin, field('uploadImg', 'photos', '产品图片', {}, { fileSize: 1, sizeUnit: 'KB', accept: '.png', limit: 1 }), {
    __config__: { kdKey: 'table', label: '单据', layout: 'rowFormItem', formId: 950, children: [field('uploadFz', 'scan', '扫描件', {}, { fileSize: 1, sizeUnit: 'KB', accept: '.pdf', limit: 2 })] },
    __vModel__: 'docs',
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("uploads checked against the field's own limits (modelId + vModel)", () => {
  it('an image field: its size and accept list, then the preview opens with ?token= alone', async () => {
    expect(await upload(admin, 'annexpic', 'photos', 'big.png', Buffer.concat([PNG, Buffer.alloc(2000, 1)]))).toMatchObject({ code: 400, msg: '文件大小超过1KB' });
    expect(await upload(admin, 'annexpic', 'photos', 'a.jpg', PNG)).toMatchObject({ code: 400, msg: '应该选择.png类型的文件' });
    const ok = await upload(admin, 'annexpic', 'photos', 'a.png', PNG);
    expect(ok.code).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: `${ok.data.url}?token=${encodeURIComponent(admin.replace(/^Bearer /, ''))}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: ok.data.url })).json().code).not.toBe(200);
  });

  it('a sub-table column is named table.column', async () => {
    expect(await upload(admin, 'annex', 'docs.scan', 'x.png', PNG)).toMatchObject({ code: 400, msg: '应该选择.pdf类型的文件' });
    expect(await upload(admin, 'annex', 'docs.scan', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(2000, 32)]))).toMatchObject({ code: 400, msg: '文件大小超过1KB' });
    expect(await upload(admin, 'annex', 'docs.scan', 'ok.pdf', PDF)).toMatchObject({ code: 200 });
  });

  it('an unknown vModel is refused, and so is a caller who may not see the model', async () => {
    expect((await upload(admin, 'annex', 'nope', 'ok.pdf', PDF)).code).toBe(400);
    expect((await upload(carol, 'annex', 'docs.scan', 'ok.pdf', PDF)).code).toBe(403);
  });
});
