/** The part of jsdom's API the server uses (jsdom ships no types; DOMPurify needs a window to sanitise HTML). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    readonly window: Window & typeof globalThis;
  }
}
