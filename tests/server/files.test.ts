import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDF, PNG } from './file-fixtures';
import { createTestApp, createUser, grant, type TestApp } from './helpers';
import { addSupplierFields, field } from './visualdev-fixtures';

/** Upload and download of files (issue 3 "uploads"; design.md §6, §7), on PGlite or DATABASE_URL's PostgreSQL. */

let t: TestApp;
let dataDir: string;
let admin: string;
let alice: string;
let bob: string;
let carol: string;

/** A multipart body with one `file` part (and optional fields before it). */
function multipart(name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----kdtest7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, name: string, bytes: Buffer, url = '/api/file/Uploader/annex', fields: Record<string, string> = {}) {
  const { payload, headers } = multipart(name, bytes, fields);
  const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, authorization: token }, payload });
  return { status: res.statusCode, ...res.json() };
}

const download = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-files-'));
  vi.stubEnv('KD_DATA_DIR', dataDir); // restored in afterAll: files of one worker share process.env
  t = await createTestApp();
  admin = await t.login();
  for (const account of ['alice', 'bob', 'carol']) await createUser(t.app, { account, password: 'Passw0rd!x' });
  await grant(t.app, 'User', 'user-alice', [['module', 'menu-supplier'], ['button', 'menu-supplier:btn_add'], ['button', 'menu-supplier:btn_edit']]);
  await grant(t.app, 'User', 'user-bob', [['module', 'menu-supplier']]);
  alice = await t.login('alice', 'Passw0rd!x');
  bob = await t.login('bob', 'Passw0rd!x');
  carol = await t.login('carol', 'Passw0rd!x');
  // The supplier model gets an attachment field limited to 1 KB and two files.
  await addSupplierFields(t, admin, field('uploadFz', 'attachments', '附件', {}, { fileSize: 1, sizeUnit: 'KB', accept: '.pdf,.png', limit: 2 }));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /api/file/Uploader/{type}', () => {
  it('stores a file under files/<type>/<yyyymmdd>/<id><ext> and the uploader downloads it', async () => {
    const r = await upload(alice, '报价单 (1).pdf', PDF);
    expect(r).toMatchObject({ status: 200, code: 200, data: { name: '报价单 (1).pdf' } });
    expect(r.data.fileId).toMatch(/^[0-9a-f]{32}$/);
    const [, , , , type, day, id, name] = r.data.url.split('/');
    expect([type, id, decodeURIComponent(name)]).toEqual(['annex', r.data.fileId, '报价单 (1).pdf']);
    expect(existsSync(join(dataDir, 'files', 'annex', day, `${id}.pdf`))).toBe(true);
    const res = await download(r.data.url, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E6%8A%A5%E4%BB%B7%E5%8D%95%20%281%29.pdf");
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const viaQuery = await download(`${r.data.url}?token=${alice.replace(/^Bearer /, '')}`);
    expect(viaQuery.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a file over the size limit with 文件大小超过{size}{unit}', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 32)]);
    expect(await upload(alice, 'big.pdf', big)).toMatchObject({ status: 200, code: 400, msg: '文件大小超过5MB' });
    const small = Buffer.concat([PDF, Buffer.alloc(2000, 32)]);
    expect(await upload(alice, 'a.pdf', small, '/api/file/Uploader/annex?modelId=vd-supplier&vModel=attachments')).toMatchObject({ code: 400, msg: '文件大小超过1KB' });
    expect(await upload(alice, 'a.pdf', small, '/api/file/Uploader/annex', { modelId: 'vd-supplier', vModel: 'attachments' })).toMatchObject({ code: 400, msg: '文件大小超过1KB' });
  });

  it('refuses an extension outside the accept list with 应该选择{accept}类型的文件', async () => {
    expect(await upload(alice, 'run.exe', Buffer.from('MZ'))).toMatchObject({ code: 400, msg: '应该选择.pdf,.png,.jpg,.doc,.docx,.xls,.xlsx类型的文件' });
    expect(await upload(alice, 'x.jpg', PNG, '/api/file/Uploader/annex?modelId=vd-supplier&vModel=attachments')).toMatchObject({ code: 400, msg: '应该选择.pdf,.png类型的文件' });
  });

  it('answers in the caller’s language (issue 25 item 5)', async () => {
    const en = async (name: string, bytes: Buffer, url = '/api/file/Uploader/annex') => {
      const { payload, headers } = multipart(name, bytes);
      return (await t.app.inject({ method: 'POST', url, headers: { ...headers, authorization: alice, 'accept-language': 'en-GB,en;q=0.9' }, payload })).json();
    };
    const attachments = '/api/file/Uploader/annex?modelId=vd-supplier&vModel=attachments';
    expect(await en('a.pdf', Buffer.concat([PDF, Buffer.alloc(2000, 32)]), attachments)).toMatchObject({ code: 400, msg: 'The file is larger than 1 KB' });
    expect(await en('x.jpg', PNG, attachments)).toMatchObject({ code: 400, msg: 'Choose a file of type .pdf,.png' });
    expect(await en('fake.png', Buffer.from('just some text, not an image'))).toMatchObject({ code: 400, msg: 'The file content does not match its extension .png' });
  });

  it('refuses content that does not match the extension', async () => {
    const r = await upload(alice, 'fake.png', Buffer.from('just some text, not an image'));
    expect(r).toMatchObject({ code: 400, msg: '文件内容与扩展名.png不符' });
    expect(await upload(alice, 'fake.docx', PDF)).toMatchObject({ code: 400 });
    expect(await upload(alice, 'real.png', PNG)).toMatchObject({ code: 200 });
  });

  it('refuses a malformed type and unsigned callers', async () => {
    expect((await upload(alice, 'a.pdf', PDF, '/api/file/Uploader/..%2F..')).code).toBe(400);
    const { payload, headers } = multipart('a.pdf', PDF);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers, payload });
    expect(res.json().code).not.toBe(200);
  });
});

describe('GET /api/file/Download/{a}/{b}/{c}/{d}', () => {
  it('refuses users who may not see the file, then allows readers of the record it is bound to', async () => {
    const up = await upload(alice, 'cert.png', PNG);
    expect((await download(up.data.url, carol)).json()).toMatchObject({ code: 403, msg: '暂无权限' });
    expect((await download(up.data.url, bob)).json()).toMatchObject({ code: 403 });
    expect((await download(up.data.url, admin)).statusCode).toBe(200);
    const made = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token: alice, payload: { supplierCode: 'S0901', supplierName: '附件供应商', attachments: [up.data] } });
    expect(made.code).toBe(200);
    const row = await t.app.db.selectFrom('file_store').selectAll().where('id', '=', up.data.fileId).executeTakeFirstOrThrow();
    expect(row.model_id).toBe('vd-supplier');
    const res = await download(up.data.url, bob);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await download(up.data.url, carol)).json()).toMatchObject({ code: 403 });
  });

  it('does not let a user bind another user file, and enforces the field file count', async () => {
    const mine = await upload(bob, 'b.pdf', PDF);
    const r = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token: alice, payload: { supplierCode: 'S0902', supplierName: '冒领', attachments: [mine.data] } });
    expect(r.code).toBe(400);
    expect((await t.app.db.selectFrom('file_store').select('model_id').where('id', '=', mine.data.fileId).executeTakeFirstOrThrow()).model_id).toBeNull();
    const files = await Promise.all([1, 2, 3].map((i) => upload(alice, `${i}.pdf`, PDF)));
    const many = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token: alice, payload: { supplierCode: 'S0903', supplierName: '太多', attachments: files.map((f) => f.data) } });
    expect(many).toMatchObject({ code: 400 });
    const bound = await t.app.db.selectFrom('file_store').select('model_id').where('id', 'in', files.map((f) => f.data.fileId)).execute();
    expect(bound.every((b) => b.model_id === null)).toBe(true);
  });

  it('never serves anything outside the store for traversal attempts', async () => {
    const up = await upload(alice, 'c.pdf', PDF);
    const [, , , , type, day, id] = up.data.url.split('/');
    const attempts = [
      `/api/file/Download/..%2F..%2F..%2Fetc/${day}/${id}/passwd`,
      `/api/file/Download/${type}/..%2F..%2Fpgdata/${id}/x`,
      `/api/file/Download/${type}/${day}/..%2F..%2F..%2Fetc%2Fpasswd/x`,
      `/api/file/Download/${type}/${day}/${id}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/file/Download/../../../../etc/passwd`,
      `/api/file/Download/annexpic/${day}/${id}/c.pdf`,
    ];
    for (const url of attempts) {
      const res = await download(url, admin);
      const body = res.body.startsWith('{') ? res.json() : null;
      if (url.endsWith('..%2F..%2F..%2Fetc%2Fpasswd')) {
        // {d} is informational: the file served is still the stored one.
        expect(res.rawPayload.equals(PDF)).toBe(true);
        continue;
      }
      expect([400, 404]).toContain(body?.code ?? res.statusCode);
    }
    expect(readdirSync(join(dataDir, 'files'))).toEqual(expect.arrayContaining(['annex']));
  });
});
