import type { ServerFrame } from '../../schemas/wire/im';

/**
 * The chat socket of a signed-in tab (spec 000 §7 "Internal chat"; issue 14 items 4, 6): one WebSocket to
 * `/api/message/websocket/{token}` that sends OnConnection on every open, hands each server frame (schemas/wire/im.ts
 * ServerFrame) to its listeners, and reconnects with backoff when the connection drops — except after `logout` or a
 * close the server meant as final (4001 logout, 1008 refused), and after `stop()`. Each reconnect ends with a fresh
 * initMessage, on which screens re-read what they show (what arrived meanwhile is stored on the server: no gap).
 */

/** Close codes after which the socket does not reconnect. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4001, 1008]);
/** First reconnect delay (ms); doubles per failed attempt up to MAX_BACKOFF_MS, plus up to 20% jitter. */
export const MIN_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;

/** A listener of server frames. */
export type FrameListener = (frame: ServerFrame) => void;

/** The socket URL of the page's origin: ws(s)://host/api/message/websocket/{token}. */
export function chatSocketUrl(token: string, origin: { protocol: string; host: string } = globalThis.location): string {
  return `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/api/message/websocket/${encodeURIComponent(token)}`;
}

/** Options of {@link ChatSocket}. */
export interface ChatSocketOptions {
  /** The session token (`Bearer …`), sent in the URL and with every frame. */
  token: string;
  /** Default: {@link chatSocketUrl} of the page. */
  url?: string;
  /** Default: the global WebSocket (tests pass `ws`). */
  WebSocketImpl?: typeof WebSocket;
  /** Delay before reconnect attempt `n` (from 0); default exponential from MIN_BACKOFF_MS with jitter. */
  backoff?: (attempt: number) => number;
}

/** The default reconnect delay: 1 s, 2 s, 4 s … 30 s, each plus up to 20% jitter. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** attempt);
  return base + Math.random() * base * 0.2;
}

/** One tab's chat socket (see the module comment). */
export class ChatSocket {
  private ws: WebSocket | null = null;
  private readonly listeners = new Set<FrameListener>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly opts: ChatSocketOptions) {}

  /** Opens the socket (once; later calls do nothing while it is open or waiting to reconnect). */
  start(): void {
    if (this.ws || this.timer || this.stopped) return;
    const Impl = this.opts.WebSocketImpl ?? globalThis.WebSocket;
    const ws = new Impl(this.opts.url ?? chatSocketUrl(this.opts.token));
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ method: 'OnConnection', token: this.opts.token, mobileDevice: false }));
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.method === 'initMessage') this.attempt = 0;
      if (frame.method === 'logout') this.stopped = true;
      for (const l of [...this.listeners]) l(frame);
    };
    // A failed connection or a broken one is followed by close, which reconnects.
    ws.onerror = () => {};
    ws.onclose = (event: CloseEvent) => {
      if (this.ws === ws) this.ws = null;
      if (this.stopped || FINAL_CLOSE_CODES.has(event.code)) return;
      const delay = (this.opts.backoff ?? defaultBackoff)(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.start();
      }, delay);
    };
  }

  /** Sends a client frame (the token added); false when the socket is not open (the frame is not queued). */
  send(frame: { method: string } & Record<string, unknown>): boolean {
    const ws = this.ws;
    if (ws?.readyState !== 1) return false;
    ws.send(JSON.stringify({ ...frame, token: this.opts.token }));
    return true;
  }

  /** Adds a frame listener; returns the function that removes it. */
  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True while the socket is open. */
  get open(): boolean {
    return this.ws?.readyState === 1;
  }

  /** Closes the socket for good (sign-out, unmount): no reconnect. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ws?.close();
    this.ws = null;
    this.listeners.clear();
  }
}
