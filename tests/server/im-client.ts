import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/**
 * A chat socket client for the im-*.test.ts files (issue 14): a real `ws` socket against a listening app, every
 * frame the server sends kept in order. `next(method)` waits for the next not yet taken frame of that method.
 */

/** Starts `app` listening on a free loopback port (once) and returns its ws:// base URL. */
export async function listenWs(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read frames loosely
export type Frame = Record<string, any>;

/** How long a wait for a frame or a close may take before the test fails (ms): a bound, not a timing assertion. */
const WAIT_MS = 10_000;

/** One chat socket. */
export class ChatClient {
  readonly frames: Frame[] = [];
  private taken = new Set<number>();
  private listeners = new Set<() => void>();
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const l of this.listeners) l();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      for (const l of this.listeners) l();
    });
  }

  /** Opens `${base}/api/message/websocket/{token}` (or without the token segment when `token` is null). */
  static async open(base: string, token: string | null, options: WebSocket.ClientOptions = {}): Promise<ChatClient> {
    const url = token === null ? `${base}/api/message/websocket` : `${base}/api/message/websocket/${encodeURIComponent(token)}`;
    const ws = new WebSocket(url, options);
    const c = new ChatClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return c;
  }

  /** Opens a socket and sends OnConnection as the JNPF client does; resolves with the initMessage frame. */
  static async connect(base: string, token: string): Promise<{ client: ChatClient; init: Frame }> {
    const client = await ChatClient.open(base, token);
    client.send({ method: 'OnConnection', token, mobileDevice: false });
    return { client, init: await client.next('initMessage') };
  }

  /** Sends a frame (an object as JSON, or raw text/bytes as given). */
  send(frame: Frame | string | Buffer): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  private waitUntil<T>(probe: () => T | undefined, what: string, waitMs = WAIT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v === undefined) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(v);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`no ${what} within ${waitMs} ms; frames: ${JSON.stringify(this.frames).slice(0, 2000)}`));
      }, waitMs);
      this.listeners.add(check);
      check();
    });
  }

  /** The next frame (not taken yet) of `method` matching `pred`; rejects after `waitMs` without taking anything. */
  next(method: string, pred: (f: Frame) => boolean = () => true, waitMs = WAIT_MS): Promise<Frame> {
    return this.waitUntil(() => {
      const i = this.frames.findIndex((f, n) => !this.taken.has(n) && f.method === method && pred(f));
      if (i < 0) return undefined;
      this.taken.add(i);
      return this.frames[i];
    }, `${method} frame`, waitMs);
  }

  /** Frames of `method` received so far (taken or not). */
  all(method: string): Frame[] {
    return this.frames.filter((f) => f.method === method);
  }

  /** Resolves with the close code once the server closed the socket. */
  closed(): Promise<number> {
    return this.waitUntil(() => this.closeCode ?? undefined, 'close');
  }

  /** Asks for a conversation page and returns the messageList frame. */
  async list(toUserId: string, me: string, extra: Frame = {}): Promise<Frame> {
    this.send({ method: 'MessageList', toUserId, formUserId: me, currentPage: 1, pageSize: 30, sord: 'desc', ...extra });
    return this.next('messageList');
  }

  close(): void {
    this.ws.close();
  }
}
