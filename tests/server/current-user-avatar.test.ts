import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAvatarName, sniffImage } from '../../server/src/modules/current-user/avatar';
import { createTestApp, createUser, type TestApp } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** A multipart/form-data body with one file part. */
function multipart(filename: string, type: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----kdtest7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('avatar file rules (pure)', () => {
  it('recognises images by their first bytes, not their names', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(JPEG)).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBe('gif');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  it('accepts only plain image names (no paths)', () => {
    expect(isAvatarName('0b6c-aa.png')).toBe(true);
    expect(isAvatarName('../secret.png')).toBe(false);
    expect(isAvatarName('a/b.png')).toBe(false);
    expect(isAvatarName('x.svg')).toBe(false);
  });
});

describe('avatar upload and download', () => {
  let t: TestApp;
  let dataDir: string;
  let alice: string;
  let bob: string;
  const url = '/api/permission/Users/Current/Avatar/me.png';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kd-avatar-'));
    vi.stubEnv('KD_DATA_DIR', dataDir); // restored in afterAll: files of one worker share process.env
    t = await createTestApp();
    await createUser(t.app, { account: 'alice', password: 'Alice123' });
    await createUser(t.app, { account: 'bob', password: 'Bob12345' });
    alice = await t.login('alice', 'Alice123');
    bob = await t.login('bob', 'Bob12345');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (token: string | undefined, body: { payload: Buffer; headers: Record<string, string> }, path = url) => {
    const res = await t.app.inject({ method: 'POST', url: path, headers: { ...body.headers, ...(token ? { authorization: token } : {}) }, payload: body.payload });
    return { status: res.statusCode, ...res.json() };
  };

  it('stores an uploaded image under files/userAvatar, sets headIcon and serves it to signed-in users', async () => {
    const r = await upload(alice, multipart('me.png', 'image/png', PNG));
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.data.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(r.data.url).toBe(`/api/file/Image/userAvatar/${r.data.name}`);
    expect(existsSync(join(dataDir, 'files', 'userAvatar', r.data.name))).toBe(true);
    const info = await t.call('GET', '/api/permission/Users/Current/BaseInfo', { token: alice });
    expect(info.data.avatar).toBe(r.data.url);
    const img = await t.app.inject({ method: 'GET', url: r.data.url, headers: { authorization: bob } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    const viaQuery = await t.app.inject({ method: 'GET', url: `${r.data.url}?token=${encodeURIComponent(bob)}` });
    expect(viaQuery.statusCode).toBe(200);
  });

  it('replacing the avatar removes the previous file', async () => {
    const first = await upload(alice, multipart('a.png', 'image/png', PNG));
    const second = await upload(alice, multipart('b.jpg', 'image/jpeg', JPEG));
    expect(second.data.name).toMatch(/\.jpg$/);
    expect(existsSync(join(dataDir, 'files', 'userAvatar', first.data.name))).toBe(false);
    const img = await t.app.inject({ method: 'GET', url: second.data.url, headers: { authorization: alice } });
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses files that are not images, whatever their name or declared type', async () => {
    const r = await upload(alice, multipart('evil.png', 'image/png', Buffer.from('<svg onload="alert(1)"/>')));
    expect(r).toMatchObject({ status: 200, code: 400, msg: '只能上传图片文件' });
    const en = await t.app.inject({ method: 'POST', url, headers: { ...multipart('x.pdf', 'application/pdf', Buffer.from('%PDF-1.7')).headers, authorization: alice, 'accept-language': 'en' }, payload: multipart('x.pdf', 'application/pdf', Buffer.from('%PDF-1.7')).payload });
    expect(en.json()).toMatchObject({ code: 400, msg: 'Only image files can be uploaded' });
  });

  it('accepts an image of several megabytes (above the JSON body limit, under 5 MB)', async () => {
    const r = await upload(alice, multipart('photo.jpg', 'image/jpeg', Buffer.concat([JPEG, Buffer.alloc(4_000_000, 3)])));
    expect(r).toMatchObject({ status: 200, code: 200 });
  });

  it('refuses images over 5 MB with 图片大小不能超过5M', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_880, 0)]);
    const r = await upload(alice, multipart('big.png', 'image/png', big));
    expect(r).toMatchObject({ status: 200, code: 400, msg: '图片大小不能超过5M' });
    const files = readdirSync(join(dataDir, 'files', 'userAvatar'));
    expect(files.every((f) => !f.startsWith('big'))).toBe(true);
  });

  it('sets an already stored avatar by name (JNPF flow), refusing paths and unknown files', async () => {
    const up = await upload(bob, multipart('b.png', 'image/png', PNG));
    const byName = await t.call('PUT', `/api/permission/Users/Current/Avatar/${up.data.name}`, { token: alice });
    expect(byName).toMatchObject({ code: 200, data: { name: up.data.name } });
    expect((await t.call('POST', `/api/permission/Users/Current/Avatar/${encodeURIComponent('../../x.png')}`, { token: alice })).code).toBe(400);
    expect((await t.call('POST', '/api/permission/Users/Current/Avatar/missing.png', { token: alice })).code).toBe(404);
  });

  it('needs a session to upload and to download', async () => {
    expect((await upload(undefined, multipart('me.png', 'image/png', PNG))).code).toBe(602);
    const up = await upload(bob, multipart('c.png', 'image/png', PNG));
    const anon = await t.app.inject({ method: 'GET', url: up.data.url });
    expect(anon.json()).toMatchObject({ code: 602 });
    expect((await t.app.inject({ method: 'GET', url: '/api/file/Image/userAvatar/none.png', headers: { authorization: bob } })).json().code).toBe(404);
  });
});
