// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { createStore, Provider } from 'jotai';
import { md5 } from 'js-md5';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { request } from '../../api/client';
import { ChatSocket } from '../../api/chatSocket';
import { initI18n } from '../../i18n';
import { type PageTestServer, startPageTestServer } from '../../testing/pageTestServer';
import { tokenAtom, userInfoAtom } from '../session/atoms';
import ChatButton from '../shell/ChatButton';
import { chatSocketAtom } from '../shell/useChatSocket';

/**
 * The chat drawer and panel (spec 000 §2 "Chat drawer"; issue 14 items 4–5) against the real server and its socket:
 * the admin in the page, 小琴 on a plain socket. A message waiting makes the icon blink; the drawer lists the
 * conversation with its unread count; the panel shows emoji as images and HTML as text, sends with Enter, receives
 * live, and searches its history; contacts search shows the department.
 */

let server: PageTestServer;
let palToken = '';
let pal: WebSocket;
const palFrames: Array<Record<string, unknown>> = [];
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  initI18n('zh');
  server = await startPageTestServer();
  await request('/api/permission/Users', { method: 'post', json: { account: 'chatpal', realName: '小琴', password: md5('Pal#Chat2026'), organizeId: 'org-quality' } });
  const res = await fetch(`${server.url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'chatpal', password: md5('Pal#Chat2026'), grant_type: 'password' }).toString(),
  });
  palToken = ((await res.json()) as { data: { token: string } }).data.token;
  pal = new WebSocket(`${server.url.replace('http', 'ws')}/api/message/websocket/${encodeURIComponent(palToken)}`);
  pal.on('message', (d) => palFrames.push(JSON.parse(String(d))));
  await new Promise((r) => pal.once('open', r));
  pal.send(JSON.stringify({ method: 'OnConnection', token: palToken, mobileDevice: false }));
  await waitFor(() => expect(palFrames.some((f) => f.method === 'initMessage')).toBe(true), WAIT);
  pal.send(JSON.stringify({ method: 'SendMessage', toUserId: 'user-admin', messageType: 'text', messageContent: '你好[微笑]<b>粗体</b>', token: palToken }));
  await waitFor(() => expect(palFrames.some((f) => f.method === 'sendMessage')).toBe(true), WAIT);
}, 120_000);
afterAll(async () => {
  pal?.terminate();
  await server?.stop();
});
afterEach(() => {
  cleanup();
  message.destroy();
});

function mount() {
  const store = createStore();
  store.set(tokenAtom, server.token);
  store.set(userInfoAtom, { userId: 'user-admin', userAccount: 'admin', userName: '管理员' } as never);
  const socket = new ChatSocket({ token: server.token, url: `${server.url.replace('http', 'ws')}/api/message/websocket/${encodeURIComponent(server.token)}`, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket });
  store.set(chatSocketAtom, socket);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ChatButton />
      </MemoryRouter>
    </Provider>,
  );
  socket.start();
  return socket;
}

describe('chat drawer', () => {
  it('blinks for the waiting message, lists it, opens the conversation, sends with Enter and receives live', async () => {
    const socket = mount();
    const button = screen.getByTestId('chat-button');
    await waitFor(() => expect(button.getAttribute('data-unread')).toBe('1'), WAIT);
    fireEvent.click(button);
    expect(await screen.findByText('内部聊天', undefined, WAIT)).toBeTruthy();
    const reply = await screen.findByTestId('chat-reply', undefined, WAIT);
    expect(reply.textContent).toContain('小琴/chatpal');
    expect(reply.textContent).toContain('你好[微笑]<b>粗体</b>');
    expect(within(reply).getByText('1')).toBeTruthy();

    fireEvent.click(reply);
    const panel = await screen.findByTestId('chat-panel', undefined, WAIT);
    const first = await within(panel).findByTestId('chat-message', undefined, WAIT);
    expect(within(first).getByAltText('[微笑]').getAttribute('src')).toBeTruthy();
    expect(first.textContent).toContain('<b>粗体</b>');
    expect(first.querySelector('b')).toBeNull();
    await waitFor(() => expect(button.getAttribute('data-unread')).toBe('0'), WAIT);

    const box = within(panel).getByPlaceholderText('点击这里，直接输入消息咨询');
    fireEvent.change(box, { target: { value: '收到[ok]' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(palFrames.some((f) => f.method === 'receiveMessage' && f.formMessage === '收到[ok]')).toBe(true), WAIT);
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(2), WAIT);
    expect((box as HTMLTextAreaElement).value).toBe('');
    // An empty message is not sent.
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });

    pal.send(JSON.stringify({ method: 'SendMessage', toUserId: 'user-admin', messageType: 'text', messageContent: '第二条', token: palToken }));
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(3), WAIT);
    expect(within(panel).getAllByTestId('chat-message')[2].textContent).toContain('第二条');
    // Read as it arrived: the icon stays still.
    expect(button.getAttribute('data-unread')).toBe('0');

    fireEvent.click(within(panel).getByText('聊天记录'));
    const history = await screen.findByTestId('chat-history', undefined, WAIT);
    await waitFor(() => expect(within(history).getAllByTestId('chat-message')).toHaveLength(3), WAIT);
    fireEvent.change(within(history).getByPlaceholderText('搜索：请输入关键词'), { target: { value: '收到' } });
    fireEvent.keyDown(within(history).getByPlaceholderText('搜索：请输入关键词'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(history).getAllByTestId('chat-message')).toHaveLength(1), WAIT);
    expect(within(history).getByTestId('chat-message').textContent).toContain('收到');
    socket.stop();
  });

  it('contacts: keyword search shows name/account and department', async () => {
    const socket = mount();
    fireEvent.click(screen.getByTestId('chat-button'));
    fireEvent.click(await screen.findByText('联系人', undefined, WAIT));
    const search = await screen.findByPlaceholderText('搜索：请输入关键词', undefined, WAIT);
    fireEvent.change(search, { target: { value: 'chatpal' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getAllByTestId('chat-contact')).toHaveLength(1), WAIT);
    expect(screen.getByTestId('chat-contact').textContent).toContain('小琴/chatpal');
    expect(screen.getByTestId('chat-contact').textContent).toContain('品质部');
    socket.stop();
  });
});
