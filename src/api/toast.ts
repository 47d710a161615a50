import type { MessageInstance } from 'antd/es/message/interface';

/** Toast kinds (spec 000 §8: error, success, info, warning). */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';

let api: Promise<MessageInstance> | undefined;
/** The key of the toast on screen; each toast gets a fresh one (see {@link toast}). */
let shown = 0;

/**
 * Shows one toast at a time (spec 000 §8): a new toast replaces the current one.
 * `durationMs` defaults to 3000 (the helper default, spec 000 §9); request errors pass 1500.
 * antd's message is fetched on the first toast, so the sign-in page's first JavaScript stays small (issue 5 item 10);
 * the toast shows once it has arrived.
 */
export function toast(kind: ToastKind, content: string, durationMs = 3000): void {
  api ??= import('antd').then(({ message }) => message);
  const previous = `kd-toast-${shown}`;
  shown += 1;
  const key = `kd-toast-${shown}`;
  // A fresh key per toast, the previous one destroyed: re-using one key updates a notice that may already be
  // closing, and on a busy machine the new text then left with it without ever being seen.
  void api.then((message) => {
    message.destroy(previous);
    message.open({ key, type: kind, content, duration: durationMs / 1000 });
  });
}
