import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, listenWs } from './im-client';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * Issue 14 item 4, spec 000 §7 "Internal chat": the socket protocol over real sockets against a listening server —
 * OnConnection → initMessage, SendMessage (text, image) → sendMessage / receiveMessage, stored before the
 * acknowledgement, UpdateReadMessage, MessageList (first load 30 desc, history 50 asc, keyword), the recent
 * conversations (imreply), contacts, a resent frame stored once, nopwdchange.
 */

let t: TestApp;
let base: string;
const tok: Record<string, string> = {};
const id = (account: string) => `user-${account}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['chat_a', 'chat_b', 'chat_c']) {
    await createUser(t.app, { account, password: 'Chat@2468', realName: `Real ${account}` });
    tok[account] = await t.login(account, 'Chat@2468');
  }
  base = await listenWs(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('chat protocol', () => {
  it('A sends B a text: stored, acknowledged to A (sendMessage), delivered to B (receiveMessage), unread until B reads it', async () => {
    const { client: a } = await ChatClient.connect(base, tok.chat_a);
    const { client: b, init } = await ChatClient.connect(base, tok.chat_b);
    expect(init).toMatchObject({ unreadNums: [], unreadNoticeCount: 0, unreadMessageCount: 0 });
    expect(init.onlineUsers).toEqual(expect.arrayContaining([id('chat_a'), id('chat_b')]));

    a.send({ method: 'SendMessage', toUserId: id('chat_b'), messageType: 'text', messageContent: '你好 [微笑]', token: tok.chat_a });
    const ack = await a.next('sendMessage');
    expect(ack).toMatchObject({ UserId: id('chat_a'), toUserId: id('chat_b'), toRealName: 'Real chat_b', toAccount: 'chat_b', messageType: 'text', toMessage: '你好 [微笑]' });
    const got = await b.next('receiveMessage');
    expect(got).toMatchObject({ formUserId: id('chat_a'), realName: 'Real chat_a', account: 'chat_a', messageType: 'text', formMessage: '你好 [微笑]', id: ack.id });
    const row = await t.app.db.selectFrom('im_content').selectAll().where('id', '=', ack.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ send_user_id: id('chat_a'), receive_user_id: id('chat_b'), content: '你好 [微笑]', content_type: 'text', state: 0 });

    // B reconnects: initMessage counts the unread message from A, with its text.
    b.close();
    const again = await ChatClient.connect(base, tok.chat_b);
    expect(again.init.unreadNums).toEqual([
      expect.objectContaining({ sendUserId: id('chat_a'), receiveUserId: id('chat_b'), unreadNum: 1, defaultMessage: '你好 [微笑]', defaultMessageType: 'text' }),
    ]);
    const reply = await t.call('GET', '/api/message/imreply', { token: tok.chat_b });
    expect(reply.data.list).toEqual([expect.objectContaining({ id: id('chat_a'), realName: 'Real chat_a', account: 'chat_a', latestMessage: '你好 [微笑]', messageType: 'text', unreadMessage: 1 })]);

    // Opening the conversation: UpdateReadMessage then MessageList (the drawer's order) shows it read.
    again.client.send({ method: 'UpdateReadMessage', formUserId: id('chat_a'), token: tok.chat_b });
    const page = await again.client.list(id('chat_a'), id('chat_b'));
    expect(page.list).toEqual([expect.objectContaining({ id: ack.id, sendUserId: id('chat_a'), receiveUserId: id('chat_b'), content: '你好 [微笑]', contentType: 'text', state: 1 })]);
    expect(page.list[0].receiveTime).toEqual(expect.any(Number));
    expect((await t.call('GET', '/api/message/imreply', { token: tok.chat_b })).data.list[0].unreadMessage).toBe(0);
    // …and A sees its message read too.
    expect((await a.list(id('chat_b'), id('chat_a'))).list[0].state).toBe(1);
    a.close();
    again.client.close();
  });

  it('B answers A: both directions arrive on every socket of each user', async () => {
    const { client: a1 } = await ChatClient.connect(base, tok.chat_a);
    const { client: a2 } = await ChatClient.connect(base, tok.chat_a);
    const { client: b } = await ChatClient.connect(base, tok.chat_b);
    b.send({ method: 'SendMessage', toUserId: id('chat_a'), messageType: 'text', messageContent: '收到', token: tok.chat_b });
    expect((await b.next('sendMessage')).toMessage).toBe('收到');
    expect((await a1.next('receiveMessage')).formMessage).toBe('收到');
    expect((await a2.next('receiveMessage')).formMessage).toBe('收到');
    // A's second tab sees what A's first tab sent.
    a1.send({ method: 'SendMessage', toUserId: id('chat_b'), messageType: 'text', messageContent: '好的', token: tok.chat_a });
    expect((await a2.next('sendMessage')).toMessage).toBe('好的');
    expect((await b.next('receiveMessage')).formMessage).toBe('好的');
    for (const c of [a1, a2, b]) c.close();
  });

  it('pages a conversation: first load the newest 30 oldest first, history 50 a page ascending, keyword search', async () => {
    const rows = Array.from({ length: 75 }, (_, i) => ({
      id: `im-page-${String(i).padStart(3, '0')}`,
      send_user_id: i % 2 ? id('chat_c') : id('chat_a'),
      receive_user_id: i % 2 ? id('chat_a') : id('chat_c'),
      content: i % 10 === 0 ? `订单 ${i} 已发货` : `消息 ${i}`,
      content_type: 'text' as const,
      send_time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    }));
    await t.app.db.insertInto('im_content').values(rows).execute();
    const { client: c } = await ChatClient.connect(base, tok.chat_c);
    const first = await c.list(id('chat_a'), id('chat_c'));
    expect(first.pagination).toEqual({ currentPage: 1, pageSize: 30, total: 75 });
    expect(first.list.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => (i + 45) % 10 === 0 ? `订单 ${i + 45} 已发货` : `消息 ${i + 45}`));

    const history: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const h = await c.list(id('chat_a'), id('chat_c'), { currentPage: page, pageSize: 50, sord: 'asc' });
      history.push(...h.list.map((m: { id: string }) => m.id));
      expect(h.list.length).toBe(page === 1 ? 50 : 25);
    }
    expect(history).toEqual(rows.map((r) => r.id));

    const found = await c.list(id('chat_a'), id('chat_c'), { currentPage: 1, pageSize: 50, sord: 'asc', keyword: '发货' });
    expect(found.pagination.total).toBe(8);
    expect(found.list.map((m: { content: string }) => m.content)).toEqual([0, 10, 20, 30, 40, 50, 60, 70].map((i) => `订单 ${i} 已发货`));
    // a LIKE wildcard is a literal character
    expect((await c.list(id('chat_a'), id('chat_c'), { keyword: '%' })).list).toEqual([]);
    c.close();
  });

  it('a frame sent again with the same clientMsgId is stored once and acknowledged with the same id', async () => {
    const { client: a } = await ChatClient.connect(base, tok.chat_a);
    const frame = { method: 'SendMessage', toUserId: id('chat_b'), messageType: 'text', messageContent: '只存一次', clientMsgId: 'a-1', token: tok.chat_a };
    a.send(frame);
    const first = await a.next('sendMessage');
    a.send(frame);
    const second = await a.next('sendMessage');
    expect(second.id).toBe(first.id);
    expect(second.clientMsgId).toBe('a-1');
    const n = await t.app.db.selectFrom('im_content').select((eb) => eb.fn.countAll<string>().as('n')).where('content', '=', '只存一次').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
    a.close();
  });

  it('sends an uploaded image with its width and height; the receiver may download it, a third user may not', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const boundary = '----imtest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/IM', headers: { authorization: tok.chat_a, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const file = up.json().data as { name: string; fileId: string; url: string };
    expect(up.json().code).toBe(200);
    const { client: a } = await ChatClient.connect(base, tok.chat_a);
    const { client: b } = await ChatClient.connect(base, tok.chat_b);
    a.send({ method: 'SendMessage', toUserId: id('chat_b'), messageType: 'image', messageContent: { name: file.name, fileId: file.fileId, width: 640, height: 480 }, token: tok.chat_a });
    const got = await b.next('receiveMessage');
    expect(got).toMatchObject({ messageType: 'image', formMessage: { path: file.url, width: 640, height: 480, name: 'photo.png' } });
    expect((await a.next('sendMessage')).toMessage).toEqual(got.formMessage);
    const page = await b.list(id('chat_a'), id('chat_b'));
    expect(JSON.parse(page.list.at(-1).content)).toEqual({ path: file.url, width: 640, height: 480, name: 'photo.png' });
    expect((await t.call('GET', '/api/message/imreply', { token: tok.chat_b })).data.list[0]).toMatchObject({ id: id('chat_a'), messageType: 'image' });

    const download = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: tok.chat_b } });
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: tok.chat_c } })).json().code).toBe(403);
    // B cannot send A's upload as its own image.
    b.send({ method: 'SendMessage', toUserId: id('chat_a'), messageType: 'image', messageContent: { url: file.url, width: 1, height: 1 }, token: tok.chat_b });
    expect(await b.next('error')).toMatchObject({ code: 400, requestMethod: 'SendMessage', msg: '图片不存在或不是图片文件' });
    a.close();
    b.close();
  });

  it('an SVG or HTML file is not a chat image: the /IM upload refuses it', async () => {
    for (const [name, type, body] of [
      ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['x.html', 'text/html', '<script>alert(1)</script>'],
      ['x.png', 'image/png', '<script>alert(1)</script>'],
    ]) {
      const payload = `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${body}\r\n--b--\r\n`;
      const r = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/IM', headers: { authorization: tok.chat_a, 'content-type': 'multipart/form-data; boundary=b' }, payload });
      expect(r.json().code).toBe(400);
    }
  });

  it('the token may come with OnConnection instead of the URL (JNPF v3.2); nopwdchange when the password was never changed', async () => {
    await t.app.db.updateTable('users').set({ change_pwd_times: 0 }).where('id', '=', id('chat_c')).execute();
    const c = await ChatClient.open(base, null);
    c.send({ method: 'MessageList', toUserId: id('chat_a'), token: tok.chat_c });
    expect(await c.next('error')).toMatchObject({ code: 401, requestMethod: 'MessageList' });
    c.send({ method: 'OnConnection', token: tok.chat_c, mobileDevice: false });
    await c.next('initMessage');
    await c.next('nopwdchange');
    expect((await c.list(id('chat_a'), id('chat_c'))).pagination.total).toBe(75);
    await t.app.db.updateTable('users').set({ change_pwd_times: 1 }).where('id', '=', id('chat_c')).execute();
    c.close();
  });
});

describe('chat contacts', () => {
  it('ImUser: enabled users but the caller, keyword on account or name, pages of 20, with the department', async () => {
    const all = await t.call('GET', '/api/permission/Users/ImUser?currentPage=1&pageSize=20', { token: tok.chat_a });
    expect(all.code).toBe(200);
    expect(all.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(all.data.list.map((u: { id: string }) => u.id)).not.toContain(id('chat_a'));
    const found = await t.call('GET', '/api/permission/Users/ImUser?keyword=chat_&currentPage=1&pageSize=20', { token: tok.chat_a });
    expect(found.data.list).toEqual([
      expect.objectContaining({ id: id('chat_b'), userId: id('chat_b'), account: 'chat_b', realName: 'Real chat_b', headIcon: '', department: expect.any(String) }),
      expect.objectContaining({ id: id('chat_c'), account: 'chat_c' }),
    ]);
    expect(found.data.list[0].department).not.toBe('');
    expect((await t.call('GET', '/api/permission/Users/ImUser?pageSize=501', { token: tok.chat_a })).code).toBe(400);
    expect((await t.call('GET', '/api/permission/Users/ImUser')).code).toBe(602);
  });

  it('ImUser/Selector: organisations under an id then its users; a keyword lists matching users', async () => {
    const top = await t.call('POST', '/api/permission/Users/ImUser/Selector/0', { token: tok.chat_a, payload: {} });
    expect(top.code).toBe(200);
    expect(top.data.list.length).toBeGreaterThan(0);
    expect(top.data.list[0]).toMatchObject({ hasChildren: true, isLeaf: false });
    const purchasing = await t.call('POST', '/api/permission/Users/ImUser/Selector/org-purchasing', { token: tok.chat_a, payload: { keyword: '' } });
    expect(purchasing.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: id('chat_b'), fullName: 'Real chat_b/chat_b', type: 'user', isLeaf: true })]));
    const kw = await t.call('POST', '/api/permission/Users/ImUser/Selector/0', { token: tok.chat_a, payload: { keyword: 'Real chat_c' } });
    expect(kw.data.list).toEqual([expect.objectContaining({ id: id('chat_c'), fullName: 'Real chat_c/chat_c', type: 'user' })]);
  });

  it('getUserList: the enabled users among the ids, as a list or comma text', async () => {
    await t.app.db.updateTable('users').set({ enabled_mark: 0 }).where('id', '=', id('chat_c')).execute();
    const r = await t.call('POST', '/api/permission/Users/getUserList', { token: tok.chat_a, payload: { userId: [id('chat_b'), id('chat_c'), 'nobody'] } });
    expect(r.data.list).toEqual([{ id: id('chat_b'), fullName: 'Real chat_b/chat_b', account: 'chat_b', realName: 'Real chat_b', headIcon: '' }]);
    const text = await t.call('POST', '/api/permission/Users/getUserList', { token: tok.chat_a, payload: { userId: `${id('chat_b')},${id('chat_a')}` } });
    expect(text.data.list.map((u: { id: string }) => u.id).sort()).toEqual([id('chat_a'), id('chat_b')]);
    await t.app.db.updateTable('users').set({ enabled_mark: 1 }).where('id', '=', id('chat_c')).execute();
  });
});
