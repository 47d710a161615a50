import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../schemas/wire/im';
import { chatHubOf } from '../../server/src/modules/im/routes';
import { ChatSocket } from '../../src/api/chatSocket';
import { ChatClient, listenWs } from './im-client';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * The browser's chat socket (src/api/chatSocket.ts; issue 14 item 6 "a socket that drops reconnects with backoff and
 * fetches what it missed") against the real server: OnConnection on open, frames to listeners, reconnect after a drop
 * with a fresh initMessage and no message lost meanwhile, no reconnect after logout or stop().
 */

let t: TestApp;
let base: string;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['sock_a', 'sock_b']) {
    await createUser(t.app, { account, password: 'Sock@2468' });
    tok[account] = await t.login(account, 'Sock@2468');
  }
  base = await listenWs(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** While true, new sockets dial a closed port (refused → close → retry after the backoff): holds a reconnect back. */
let holdReconnects = false;
/** `ws` whose connection attempts fail while `holdReconnects` is set, so a test decides when a reconnect may land. */
class GatedWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(holdReconnects ? 'ws://127.0.0.1:1/' : url, protocols);
  }
}

/** A ChatSocket over `ws` that records its frames; `next(method)` waits for the next unseen one. */
function browserSocket(token: string) {
  const frames: ServerFrame[] = [];
  const waiters: Array<() => void> = [];
  const socket = new ChatSocket({
    token,
    url: `${base}/api/message/websocket/${encodeURIComponent(token)}`,
    WebSocketImpl: GatedWebSocket as unknown as typeof globalThis.WebSocket,
    backoff: () => 20,
  });
  socket.subscribe((f) => {
    frames.push(f);
    for (const w of waiters.splice(0)) w();
  });
  let seen = 0;
  const next = async (method: string): Promise<ServerFrame> => {
    for (let i = 0; i < 200; i++) {
      const at = frames.findIndex((f, n) => n >= seen && f.method === method);
      if (at >= 0) {
        seen = at + 1;
        return frames[at];
      }
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error(`no ${method}; frames ${JSON.stringify(frames)}`);
  };
  return { socket, frames, next };
}

describe('the browser chat socket', () => {
  it('connects with OnConnection, reconnects after a drop and the conversation shows what arrived meanwhile', async () => {
    const a = browserSocket(tok.sock_a);
    a.socket.start();
    await a.next('initMessage');
    expect(a.socket.send({ method: 'MessageList', toUserId: 'user-sock_b', formUserId: 'user-sock_a', currentPage: 1, pageSize: 30, sord: 'desc' })).toBe(true);
    expect(await a.next('messageList')).toMatchObject({ pagination: { total: 0 } });

    // The server drops every socket; B writes while A is away (A's reconnects fail until B's message is stored).
    holdReconnects = true;
    chatHubOf(t.app)!.dropAll();
    const { client: b } = await ChatClient.connect(base, tok.sock_b);
    b.send({ method: 'SendMessage', toUserId: 'user-sock_a', messageType: 'text', messageContent: '你掉线时发的', token: tok.sock_b });
    await b.next('sendMessage');
    holdReconnects = false;

    // A is back by itself: a fresh initMessage counts the message, and the page has it.
    const init = await a.next('initMessage');
    expect(init).toMatchObject({ unreadNums: [expect.objectContaining({ sendUserId: 'user-sock_b', unreadNum: 1 })] });
    a.socket.send({ method: 'MessageList', toUserId: 'user-sock_b', formUserId: 'user-sock_a', currentPage: 1, pageSize: 30, sord: 'desc' });
    expect(((await a.next('messageList')) as { list: Array<{ content: string }> }).list.map((m) => m.content)).toEqual(['你掉线时发的']);
    // …and live messages reach it again.
    b.send({ method: 'SendMessage', toUserId: 'user-sock_a', messageType: 'text', messageContent: '又在线了', token: tok.sock_b });
    expect(await a.next('receiveMessage')).toMatchObject({ formMessage: '又在线了' });
    a.socket.stop();
    expect(a.socket.open).toBe(false);
    b.close();
  });

  it('does not reconnect after the server says logout (forced offline)', async () => {
    const admin = await t.login('admin');
    const token = await t.login('sock_b', 'Sock@2468');
    const b = browserSocket(token);
    b.socket.start();
    await b.next('initMessage');
    const { createHash } = await import('node:crypto');
    const sid = createHash('sha256').update(token.replace(/^Bearer\s+/i, '')).digest('hex');
    expect((await t.call('DELETE', `/api/system/OnlineUser/${sid}`, { token: admin })).code).toBe(200);
    expect(await b.next('logout')).toMatchObject({ msg: '您已被强制下线，请重新登录' });
    // A new socket of another user opens and answers while B's stays closed: B made no second connection.
    const { client: a } = await ChatClient.connect(base, tok.sock_a);
    await a.list('user-sock_b', 'user-sock_a');
    expect(b.frames.filter((f) => f.method === 'initMessage')).toHaveLength(1);
    expect(b.socket.open).toBe(false);
    a.close();
    b.socket.stop();
  });
});
