import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_SOCKETS_PER_USER } from '../../server/src/modules/im/hub';
import { RATE_BURST } from '../../server/src/modules/im/socket';
import { ChatClient, type Frame, listenWs } from './im-client';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * Issue 14 "Bad input and attack" and item 6: hostile frames over real sockets — each is refused with an error frame
 * while the socket keeps serving (not JSON, binary, unknown method, malformed, > 64 KB, an unknown, disabled or own
 * receiver, someone else's conversation, another user's token, empty text, a flood), HTML is stored and sent as
 * text, a frame over 1 MiB closes the socket; forced offline, logout and a bad token end the socket with `logout`;
 * heartbeats close dead sockets and sockets that never sign in.
 */

let t: TestApp;
let base: string;
const tok: Record<string, string> = {};
const id = (account: string) => `user-${account}`;

const count = async (content: string) =>
  Number((await t.app.db.selectFrom('im_content').select((eb) => eb.fn.countAll<string>().as('n')).where('content', '=', content).executeTakeFirstOrThrow()).n);

/** Sends MessageList until one is answered (a rate-limited socket drops frames until its bucket refills). */
async function answered(c: ChatClient, toUserId: string, me: string): Promise<Frame> {
  for (let i = 0; i < 40; i++) {
    c.send({ method: 'MessageList', toUserId, formUserId: me, currentPage: 1, pageSize: 30, sord: 'desc' });
    const got = await c.next('messageList', undefined, 250).catch(() => null);
    if (got) return got;
  }
  throw new Error('the socket answers no MessageList');
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['host_a', 'host_b', 'host_off']) {
    await createUser(t.app, { account, password: 'Host@2468' });
    tok[account] = await t.login(account, 'Host@2468');
  }
  await t.app.db.updateTable('users').set({ enabled_mark: 0 }).where('id', '=', id('host_off')).execute();
  base = await listenWs(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('hostile frames are refused, the socket keeps serving', () => {
  it('not JSON, binary, not an object, unknown or prototype methods, malformed fields: 400 error frames', async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    a.send('not json {');
    expect(await a.next('error')).toMatchObject({ code: 400, msg: '消息格式错误：需要 JSON 文本' });
    a.send(Buffer.from([1, 2, 3]));
    expect((await a.next('error')).code).toBe(400);
    a.send('[1,2]');
    expect((await a.next('error')).code).toBe(400);
    for (const method of ['DropTables', '__proto__', 'constructor', 42]) {
      a.send({ method, token: tok.host_a });
      expect(await a.next('error')).toMatchObject({ code: 400, msg: `不支持的方法：${method}` });
    }
    a.send({ method: 'MessageList', toUserId: id('host_b'), pageSize: 1000, token: tok.host_a });
    expect(await a.next('error')).toMatchObject({ code: 400, requestMethod: 'MessageList' });
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'voice', messageContent: 'x', token: tok.host_a });
    expect(await a.next('error')).toMatchObject({ code: 400, requestMethod: 'SendMessage' });
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: { fileId: 'x', width: 1, height: 1 }, token: tok.host_a });
    expect((await a.next('error')).code).toBe(400);
    expect((await a.list(id('host_b'), id('host_a'))).list).toEqual([]);
    a.close();
  });

  it('a frame over 64 KB is refused (413) and the socket stays; over 1 MiB the socket is closed (1009)', async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: 'x'.repeat(70 * 1024), token: tok.host_a });
    expect(await a.next('error')).toMatchObject({ code: 413, msg: '消息过大（最多 64 KB）' });
    expect((await a.list(id('host_b'), id('host_a'))).pagination.total).toBe(0);
    a.send('y'.repeat(1024 * 1024 + 1));
    expect(await a.closed()).toBe(1009);
  });

  it('messages to unknown, disabled or own users are refused and not stored', async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    for (const [to, code] of [
      ['nobody', 404],
      [id('host_off'), 404],
      [id('host_a'), 400],
    ] as const) {
      a.send({ method: 'SendMessage', toUserId: to, messageType: 'text', messageContent: 'hostile-to', token: tok.host_a });
      expect(await a.next('error')).toMatchObject({ code, requestMethod: 'SendMessage' });
    }
    expect(await count('hostile-to')).toBe(0);
    expect(a.all('sendMessage')).toEqual([]);
    a.close();
  });

  it("someone else's conversation (formUserId not the caller) and another user's token are refused", async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    const { client: b } = await ChatClient.connect(base, tok.host_b);
    b.send({ method: 'SendMessage', toUserId: id('host_a'), messageType: 'text', messageContent: 'private', token: tok.host_b });
    await b.next('sendMessage');
    const { client: c } = await ChatClient.connect(base, await t.login('admin'));
    c.send({ method: 'MessageList', toUserId: id('host_a'), formUserId: id('host_b'), currentPage: 1, pageSize: 30, sord: 'desc' });
    expect(await c.next('error')).toMatchObject({ code: 403, msg: '只能查看自己的会话', requestMethod: 'MessageList' });
    expect(c.all('messageList')).toEqual([]);
    // A frame carrying B's token on A's socket does not speak for B.
    a.send({ method: 'MessageList', toUserId: id('host_a'), formUserId: id('host_b'), token: tok.host_b });
    expect(await a.next('error')).toMatchObject({ code: 403, msg: '令牌与连接不符' });
    a.send({ method: 'SendMessage', toUserId: id('host_a'), messageType: 'text', messageContent: 'as B', token: tok.host_b });
    expect((await a.next('error')).code).toBe(403);
    expect(await count('as B')).toBe(0);
    for (const s of [a, b, c]) s.close();
  });

  it('HTML and script in a text are stored and delivered exactly as typed (text, not markup); empty text is not sent', async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    const { client: b } = await ChatClient.connect(base, tok.host_b);
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>&amp;';
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: html, token: tok.host_a });
    expect((await b.next('receiveMessage')).formMessage).toBe(html);
    expect(await count(html)).toBe(1);
    for (const empty of ['', '   \n\t']) {
      a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: empty, token: tok.host_a });
      expect(await a.next('error')).toMatchObject({ code: 400, msg: '不能发送空白消息' });
    }
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: 'nul\u0000', token: tok.host_a });
    expect(await a.next('error')).toMatchObject({ code: 400, msg: '消息含有无效字符' });
    a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: 'lone \ud800', token: tok.host_a });
    expect((await a.next('error')).code).toBe(400);
    expect(b.all('receiveMessage')).toHaveLength(1);
    a.close();
    b.close();
  });

  it('a flood of 1,000 messages a second is rate-limited with a clear frame; the socket stays up and others are served', async () => {
    const { client: a } = await ChatClient.connect(base, tok.host_a);
    const { client: b } = await ChatClient.connect(base, tok.host_b);
    for (let i = 0; i < 1000; i++) a.send({ method: 'SendMessage', toUserId: id('host_b'), messageType: 'text', messageContent: 'flood', token: tok.host_a });
    expect(await a.next('error')).toMatchObject({ code: 429, msg: '发送过于频繁，请稍后再试' });
    // Other users are served meanwhile.
    b.send({ method: 'SendMessage', toUserId: id('host_a'), messageType: 'text', messageContent: 'still here', token: tok.host_b });
    expect((await b.next('sendMessage')).toMessage).toBe('still here');
    // The flooding socket is still open and answers once its bucket refills.
    await answered(a, id('host_b'), id('host_a'));
    const stored = await count('flood');
    expect(stored).toBeGreaterThanOrEqual(RATE_BURST - 1);
    expect(stored).toBeLessThan(100);
    expect(a.all('error').filter((f) => f.code === 429).length).toBeLessThan(10);
    expect(a.closeCode).toBeNull();
    a.close();
    b.close();
  });
});

describe('socket count', () => {
  it(`one user holds at most ${MAX_SOCKETS_PER_USER} sockets on an instance: one more gets 429 and is closed`, async () => {
    const held = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_USER }, () => ChatClient.connect(base, tok.host_a)));
    const extra = await ChatClient.open(base, tok.host_a);
    expect(await extra.next('error')).toMatchObject({ code: 429, msg: `连接过多（每个用户最多 ${MAX_SOCKETS_PER_USER} 个）` });
    expect(await extra.closed()).toBe(1008);
    for (const h of held) h.client.close();
  });
});

describe('the socket paths over plain HTTP', () => {
  it('answer the 404 envelope without an upgrade', async () => {
    for (const url of ['/api/message/websocket/abc', '/api/message/websocket']) {
      const r = await t.call('GET', url);
      expect([r.status, r.code]).toEqual([200, 404]);
    }
  });
});

describe('sessions end the socket', () => {
  it('a bad token in the URL gets logout and the socket closes', async () => {
    const c = await ChatClient.open(base, 'Bearer 0123');
    expect(await c.next('logout')).toMatchObject({ msg: '登录信息无效，请重新登录' });
    expect(await c.closed()).toBe(4001);
  });

  it('forced offline (DELETE /api/system/OnlineUser) sends logout to that session only and closes its socket', async () => {
    const admin = await t.login('admin');
    const second = await t.login('host_b', 'Host@2468');
    const { client: b1 } = await ChatClient.connect(base, tok.host_b);
    const { client: b2 } = await ChatClient.connect(base, second);
    const online = await t.call('GET', '/api/system/OnlineUser?keyword=host_b&pageSize=50', { token: admin });
    const { createHash } = await import('node:crypto');
    const sid = createHash('sha256').update(tok.host_b.replace(/^Bearer\s+/i, '')).digest('hex');
    expect(online.data.list.map((r: { id: string }) => r.id)).toContain(sid);
    expect((await t.call('DELETE', `/api/system/OnlineUser/${sid}`, { token: admin })).code).toBe(200);
    expect(await b1.next('logout')).toMatchObject({ msg: '您已被强制下线，请重新登录' });
    expect(await b1.closed()).toBe(4001);
    // The other session of the same user keeps its socket.
    expect((await b2.list(id('host_a'), id('host_b'))).method).toBe('messageList');
    b2.close();
    tok.host_b = second;
  });

  it('after a logout the session stops receiving: the next push and the next frame get logout instead', async () => {
    const token = await t.login('host_a', 'Host@2468');
    const { client: a } = await ChatClient.connect(base, token);
    const { client: b } = await ChatClient.connect(base, tok.host_b);
    expect((await t.call('GET', '/api/oauth/Logout', { token })).code).toBe(200);
    b.send({ method: 'SendMessage', toUserId: id('host_a'), messageType: 'text', messageContent: 'after logout', token: tok.host_b });
    await b.next('sendMessage');
    expect((await a.next('logout')).msg).toBe('登录信息无效，请重新登录');
    expect(await a.closed()).toBe(4001);
    expect(a.all('receiveMessage')).toEqual([]);
    b.close();
  });
});

describe('heartbeats', () => {
  let h: TestApp;
  let hBase: string;

  beforeAll(async () => {
    vi.stubEnv('KD_IM_HEARTBEAT_MS', '100');
    h = await createTestApp();
    vi.unstubAllEnvs();
    await createUser(h.app, { account: 'beat', password: 'Beat@2468' });
    hBase = await listenWs(h.app);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('close a socket that stopped answering pings and one that never signs in; a live socket stays', async () => {
    const token = await h.login('beat', 'Beat@2468');
    const { client: live } = await ChatClient.connect(hBase, token);
    const dead = await ChatClient.open(hBase, token, { autoPong: false });
    const silent = await ChatClient.open(hBase, null);
    expect(await dead.closed()).toBe(1006);
    expect(await silent.closed()).toBe(1006);
    expect((await live.list('user-admin', 'user-beat')).method).toBe('messageList');
    expect(live.closeCode).toBeNull();
    live.close();
  });
});
