import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IM_IMAGE_MAX_BYTES } from '../../server/src/modules/im/images';
import { ChatClient, listenWs } from './im-client';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * Spec 000 §3 "image content carries a path and, when sent, name, width and height"; issue 14 item 4: the image frame
 * JNPF's own web client sends after its /IM upload — `{ method, toUserId, messageType: 'image', messageContent:
 * { name, width, height }, token }` (jnpf-web v3.4 userList/Im.vue handleSuccess, byte for byte in its key order) —
 * is accepted: it names the sender's newest /IM upload of that name, is stored with its width and height and
 * reaches both users as `{ path, width, height, name }`. Anything else naming a file is refused: another user's
 * upload, a name never uploaded, an upload of another type, JNPF v3.0's `{ base64, … }`, a file over 5 MB, voice.
 */

let t: TestApp;
let base: string;
const tok: Record<string, string> = {};
const id = (account: string) => `user-${account}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** Uploads a 1×1 PNG named `filename` through POST /api/file/Uploader/{type} as `account`; the answer's data. */
async function upload(account: string, filename: string, type = 'IM'): Promise<{ name: string; fileId: string; url: string }> {
  const boundary = '----jnpfim';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: `/api/file/Uploader/${type}`, headers: { authorization: tok[account], 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(res.json().code).toBe(200);
  return res.json().data;
}

/** The SendMessage text JNPF's web client writes for an uploaded image (same keys, same order). */
const jnpfImageFrame = (toUserId: string, name: string, width: number, height: number, token: string) =>
  JSON.stringify({ method: 'SendMessage', toUserId, messageType: 'image', messageContent: { name, width, height }, token });

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['jim_a', 'jim_b']) {
    await createUser(t.app, { account, password: 'Jnpf@2468', realName: `Real ${account}` });
    tok[account] = await t.login(account, 'Jnpf@2468');
  }
  base = await listenWs(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("JNPF's image frame", () => {
  it('{ name, width, height } after an /IM upload: stored with its size, sent to both as { path, width, height, name }', async () => {
    const older = await upload('jim_a', '截图.png');
    const file = await upload('jim_a', '截图.png');
    expect(file.fileId).not.toBe(older.fileId);
    const { client: a } = await ChatClient.connect(base, tok.jim_a);
    const { client: b } = await ChatClient.connect(base, tok.jim_b);
    a.send(jnpfImageFrame(id('jim_b'), file.name, 1280, 720, tok.jim_a));

    const image = { path: file.url, width: 1280, height: 720, name: '截图.png' };
    const got = await b.next('receiveMessage');
    expect(got).toMatchObject({ formUserId: id('jim_a'), realName: 'Real jim_a', messageType: 'image', formMessage: image });
    expect(await a.next('sendMessage')).toMatchObject({ id: got.id, messageType: 'image', toMessage: image });
    // The newest upload of that name is the one sent; the stored row keeps its size (B's history shows it).
    const row = await t.app.db.selectFrom('im_content').selectAll().where('id', '=', got.id).executeTakeFirstOrThrow();
    expect([row.content_type, row.file_id, JSON.parse(row.content)]).toEqual(['image', file.fileId, image]);
    expect(JSON.parse((await b.list(id('jim_a'), id('jim_b'))).list.at(-1).content)).toEqual(image);
    // The receiver may download it.
    const download = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: tok.jim_b } });
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'image/png']);
    a.close();
    b.close();
  });

  it('refused: another user’s upload, a name never uploaded, another upload type, v3.0 base64, over 5 MB, voice', async () => {
    const bs = await upload('jim_b', 'b-only.png');
    await upload('jim_a', 'annex.png', 'annexpic');
    const big = await upload('jim_a', 'big.png');
    // An /IM upload whose limits were raised (modelId + vModel of a larger upload field) may hold more than 5 MB.
    await t.app.db.updateTable('file_store').set({ size_bytes: IM_IMAGE_MAX_BYTES + 1 }).where('id', '=', big.fileId).execute();
    const { client: a } = await ChatClient.connect(base, tok.jim_a);
    const refused = { code: 400, requestMethod: 'SendMessage', msg: '图片不存在或不是图片文件' };
    for (const name of [bs.name, 'never.png', 'annex.png', 'big.png']) {
      a.send(jnpfImageFrame(id('jim_b'), name, 10, 10, tok.jim_a));
      expect(await a.next('error')).toMatchObject(refused);
    }
    a.send({ method: 'SendMessage', toUserId: id('jim_b'), messageType: 'image', messageContent: { base64: PNG.toString('base64'), width: 1, height: 1 }, token: tok.jim_a });
    expect(await a.next('error')).toMatchObject(refused);
    a.send({ method: 'SendMessage', toUserId: id('jim_b'), messageType: 'image', messageContent: { name: 'big.png', width: 0, height: 10 }, token: tok.jim_a });
    expect(await a.next('error')).toMatchObject({ code: 400, requestMethod: 'SendMessage' });
    // JNPF's web clients send no voice (its .NET server's voice branch is commented out): refused, nothing stored.
    a.send({ method: 'SendMessage', toUserId: id('jim_b'), messageType: 'voice', messageContent: { name: 'big.png', length: 3 }, token: tok.jim_a });
    expect(await a.next('error')).toMatchObject({ code: 400, requestMethod: 'SendMessage' });
    const stored = await t.app.db.selectFrom('im_content').select((eb) => eb.fn.countAll<string>().as('n')).where('send_user_id', '=', id('jim_a')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
    a.close();
  });
});
