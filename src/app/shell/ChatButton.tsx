import { CommentOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../chat/i18n';
import { chatSocketAtom } from './useChatSocket';

// The drawer, its panel and the emoji images load on the first click.
const ChatDrawer = lazy(() => import('../chat/ChatDrawer'));

/**
 * The navbar's chat icon (spec 000 §2, §4 "A blink indicator is on while any conversation is unread"): blinks from
 * the first initMessage that counts unread messages, or when a message arrives outside the open conversation, until
 * the drawer shows nothing unread. A click opens the chat drawer (chat/ChatDrawer.tsx).
 */
export default function ChatButton() {
  const { t } = useTranslation();
  const socket = useAtomValue(chatSocketAtom);
  const [blink, setBlink] = useState(false);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const peer = useRef<string | null>(null);
  useEffect(() => {
    if (!socket) return;
    return socket.subscribe((f) => {
      if (f.method === 'initMessage') setBlink(f.unreadNums.length > 0);
      else if (f.method === 'receiveMessage' && peer.current !== f.formUserId) setBlink(true);
    });
  }, [socket]);
  const onPeer = useCallback((id: string | null) => {
    peer.current = id;
  }, []);
  return (
    <>
      <Tooltip title={t('chat.title')}>
        <button
          type="button"
          className={`kd-nav-action${blink ? ' kd-chat-blink' : ''}`}
          aria-label={t('chat.title')}
          data-testid="chat-button"
          data-unread={blink ? '1' : '0'}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          <CommentOutlined className="kd-nav-icon" />
        </button>
      </Tooltip>
      {mounted && (
        <Suspense fallback={null}>
          <ChatDrawer open={open} onClose={() => setOpen(false)} onUnread={setBlink} onPeer={onPeer} />
        </Suspense>
      )}
    </>
  );
}
