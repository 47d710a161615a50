import { atom, useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChatSocket } from '../../api/chatSocket';
import { notifyUnreadChanged } from '../../api/message';
import { toast } from '../../api/toast';
import { resetSession } from '../session/actions';
import { tokenAtom } from '../session/atoms';

/** How long the socket's logout text shows before the token is cleared and the page reloads (spec 000 §8, §9: 3 s). */
export const SOCKET_LOGOUT_MS = 3_000;

/** The tab's chat socket while signed in inside the shell (null otherwise): the chat drawer sends and listens on it. */
export const chatSocketAtom = atom<ChatSocket | null>(null);

/**
 * Keeps the tab's chat socket (api/chatSocket.ts) open while a token is held (spec 000 §7, §8; issue 14 items 2, 4):
 * - initMessage (each connect, reconnects included) and messagePush re-read the bell's unread count
 *   (notifyUnreadChanged), so a released notice shows at once;
 * - logout (forced offline, expired or revoked session): the server's text (or 登录过期，请重新登录) as an error for
 *   3 s, then the session is cleared and the page reloads;
 * - nopwdchange: go to /ChangePassword.
 * Nothing happens where the browser has no WebSocket.
 */
export function useChatSocket(): void {
  const token = useAtomValue(tokenAtom);
  const store = useStore();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // The socket lives as long as the token: navigation and language changes must not reconnect it.
  const latest = useRef({ navigate, t });
  latest.current = { navigate, t };
  useEffect(() => {
    if (!token || typeof globalThis.WebSocket !== 'function') return;
    const socket = new ChatSocket({ token });
    socket.subscribe((frame) => {
      if (frame.method === 'initMessage' || frame.method === 'messagePush') notifyUnreadChanged();
      else if (frame.method === 'nopwdchange') latest.current.navigate('/ChangePassword');
      else if (frame.method === 'logout') {
        toast('error', frame.msg || latest.current.t('session.socketLogout'), SOCKET_LOGOUT_MS);
        // The reload runs even if the shell unmounts meanwhile: the session has ended either way.
        setTimeout(() => {
          resetSession(store);
          globalThis.location.reload();
        }, SOCKET_LOGOUT_MS);
      }
    });
    store.set(chatSocketAtom, socket);
    socket.start();
    return () => {
      if (store.get(chatSocketAtom) === socket) store.set(chatSocketAtom, null);
      socket.stop();
    };
  }, [token, store]);
}
