import { CloseOutlined, HistoryOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { Avatar, Button, Input, Popover, Spin, Typography, Upload } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerFrame } from '../../../schemas/wire/im';
import { CHAT_IMAGE_MAX_BYTES, CHAT_UPLOAD_PATH } from '../../api/chat';
import type { ChatSocket } from '../../api/chatSocket';
import { callHeaders, callUrl } from '../../api/client';
import { toast } from '../../api/toast';
import { tokenAtom } from '../session/atoms';
import { EMOJIS } from './emoji';
import { fromLive, fromStored, imageSize, type Item } from './items';
import { MediaMessage } from './media';
import { ChatImage, EmojiText, relativeTime } from './parts';

/** The person a conversation is with. */
export interface ChatPeer {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
}

/** First load of a conversation and a history page (spec 000 §9). */
export const FIRST_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 50;
/** The history loads its next page within this many pixels of its end (spec 000 §9). */
const HISTORY_NEXT_PX = 100;

/**
 * One conversation (spec 000 §2 "Clicking an entry opens a chat panel"; issue 14 items 4–5): the messages (first load:
 * the newest 30; images at their stored size, voice and video as items opening a player dialog), an emoji picker, image upload (image files only, < 5 MB, one at a time, through the common upload
 * with /IM), a 3-row text box (Enter sends, Shift+Enter is a new line; an empty message is not sent), 'send', and the
 * history view with keyword search (50 a page, ascending, next page within 100 px). Opening it marks the peer's
 * messages read; new ones from the peer are marked read as they arrive. A reconnect (initMessage) reloads the list.
 */
export default function ChatPanel({ peer, me, socket, onClose }: { peer: ChatPeer; me: string; socket: ChatSocket; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [items, setItems] = useState<Item[]>([]);
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [history, setHistory] = useState<Item[]>([]);
  const [keyword, setKeyword] = useState('');
  const [historyEnded, setHistoryEnded] = useState(false);
  const [historyLoading, setHistoryLoading] = useState(false);
  const historyPage = useRef(0);
  const historyKeyword = useRef('');
  // messageList answers come back in the order asked: what each one is for.
  const pending = useRef<Array<'main' | 'history'>>([]);
  const listRef = useRef<HTMLDivElement>(null);

  const loadMain = useCallback(() => {
    socket.send({ method: 'UpdateReadMessage', formUserId: peer.id });
    if (socket.send({ method: 'MessageList', toUserId: peer.id, formUserId: me, currentPage: 1, pageSize: FIRST_PAGE_SIZE, sord: 'desc' })) pending.current.push('main');
  }, [socket, peer.id, me]);

  const loadHistory = useCallback(() => {
    const next = historyPage.current + 1;
    const sent = socket.send({ method: 'MessageList', toUserId: peer.id, formUserId: me, currentPage: next, pageSize: HISTORY_PAGE_SIZE, sord: 'asc', keyword: historyKeyword.current });
    if (!sent) return;
    pending.current.push('history');
    historyPage.current = next;
    setHistoryLoading(true);
  }, [socket, peer.id, me]);

  useEffect(() => {
    setItems([]);
    pending.current = [];
    loadMain();
    return socket.subscribe((f: ServerFrame) => {
      if (f.method === 'initMessage') loadMain();
      else if (f.method === 'messageList' && f.toUserId === peer.id) {
        const kind = pending.current.shift();
        const list = f.list.map((m) => fromStored(m, me));
        if (kind === 'history') {
          setHistory((h) => [...h, ...list.filter((x) => !h.some((y) => y.id === x.id))]);
          setHistoryEnded(f.list.length < HISTORY_PAGE_SIZE);
          setHistoryLoading(false);
        } else setItems(list);
      } else if (f.method === 'receiveMessage' && f.formUserId === peer.id) {
        const item = fromLive(f.id, false, f.messageType, f.formMessage, f.dateTime);
        setItems((l) => (l.some((x) => x.id === item.id) ? l : [...l, item]));
        socket.send({ method: 'UpdateReadMessage', formUserId: peer.id });
      } else if (f.method === 'sendMessage' && f.toUserId === peer.id) {
        const item = fromLive(f.id, true, f.messageType, f.toMessage, f.dateTime);
        setItems((l) => (l.some((x) => x.id === item.id) ? l : [...l, item]));
      }
    });
  }, [socket, peer.id, me, loadMain]);

  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the list changes
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [items]);

  const searchHistory = (kw: string) => {
    historyKeyword.current = kw;
    historyPage.current = 0;
    setHistory([]);
    setHistoryEnded(false);
    loadHistory();
  };

  const send = () => {
    if (!text.trim()) return;
    if (socket.send({ method: 'SendMessage', toUserId: peer.id, messageType: 'text', messageContent: text, clientMsgId: crypto.randomUUID() })) setText('');
  };

  const beforeUpload = (file: File) => {
    if (!file.type.startsWith('image/') || file.type.includes('svg')) {
      toast('error', t('chat.notImage'), 1500);
      return Upload.LIST_IGNORE;
    }
    if (file.size >= CHAT_IMAGE_MAX_BYTES) {
      toast('error', t('chat.tooBig'), 1500);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const onUploaded = async (file: File, res: { code?: number; msg?: string; data?: { name: string; fileId: string } }) => {
    if (res?.code !== 200 || !res.data) return toast('error', res?.msg || t('chat.notImage'), 1500);
    const { width, height } = await imageSize(file).catch(() => ({ width: 1, height: 1 }));
    socket.send({ method: 'SendMessage', toUserId: peer.id, messageType: 'image', messageContent: { fileId: res.data.fileId, name: res.data.name, width, height }, clientMsgId: crypto.randomUUID() });
  };

  const row = (m: Item) => (
    <div key={m.id} className={`kd-chat-item${m.mine ? ' is-mine' : ''}`} data-testid="chat-message" style={{ display: 'flex', flexDirection: m.mine ? 'row-reverse' : 'row', gap: 8, margin: '8px 0' }}>
      <div style={{ maxWidth: '75%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', textAlign: m.mine ? 'right' : 'left' }}>
          {m.mine ? t('chat.me') : peer.realName} {relativeTime(m.time, t)}
        </Typography.Text>
        <div style={{ background: m.mine ? '#d2e8ff' : '#f2f3f5', borderRadius: 6, padding: '6px 10px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {m.image ? (
            <ChatImage image={m.image} token={token} />
          ) : m.media && (m.type === 'voice' || m.type === 'video') ? (
            <MediaMessage type={m.type} media={m.media} token={token} />
          ) : (
            <EmojiText text={m.text} />
          )}
        </div>
      </div>
    </div>
  );

  // Above the drawer and its mask (antd 1000), below popovers (1030: the emoji picker) and toasts.
  return (
    <div className="kd-chat-panel" data-testid="chat-panel" style={{ position: 'fixed', right: 290, bottom: 10, zIndex: 1010, display: 'flex', background: '#fff', borderRadius: 4, boxShadow: '0 0 6px 1px rgba(0,0,0,0.15)' }}>
      <div style={{ width: 480, height: 480, display: 'flex', flexDirection: 'column' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 12px', borderBottom: '1px solid #dcdfe6' }}>
          <Avatar size={30} src={peer.headIcon || undefined}>
            {peer.realName.slice(0, 1)}
          </Avatar>
          <span style={{ flex: 1 }}>
            {peer.realName}/{peer.account}
          </span>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('chat.close')} onClick={onClose} />
        </div>
        <div ref={listRef} data-testid="chat-list" style={{ flex: 1, overflowY: 'auto', padding: '4px 12px' }}>
          {items.map(row)}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '0 8px', borderTop: '1px solid #f0f0f0' }}>
          <Popover
            open={emojiOpen}
            onOpenChange={setEmojiOpen}
            trigger="click"
            content={
              <div data-testid="chat-emoji-picker" style={{ display: 'grid', gridTemplateColumns: 'repeat(12, 24px)', gap: 4, maxHeight: 200, overflowY: 'auto' }}>
                {EMOJIS.map((e) => (
                  <img
                    key={e.code}
                    src={e.url}
                    alt={e.code}
                    title={e.code}
                    style={{ width: 24, height: 24, cursor: 'pointer' }}
                    onClick={() => {
                      setText((s) => s + e.code);
                      setEmojiOpen(false);
                    }}
                  />
                ))}
              </div>
            }
          >
            <Button type="text" icon={<SmileOutlined />} aria-label={t('chat.emoji')} />
          </Popover>
          <Upload
            accept="image/*"
            maxCount={1}
            showUploadList={false}
            action={callUrl(CHAT_UPLOAD_PATH)}
            headers={callHeaders()}
            beforeUpload={beforeUpload}
            onChange={(info) => {
              if (info.file.status === 'done' && info.file.originFileObj) void onUploaded(info.file.originFileObj, info.file.response);
              else if (info.file.status === 'error') toast('error', info.file.response?.msg || t('chat.notImage'), 1500);
            }}
          >
            <Button type="text" icon={<PictureOutlined />} aria-label={t('chat.image')} />
          </Upload>
          <span style={{ flex: 1 }} />
          <Button
            type="link"
            icon={<HistoryOutlined />}
            onClick={() => {
              const next = !showHistory;
              setShowHistory(next);
              if (next) searchHistory(keyword);
            }}
          >
            {t('chat.history')}
          </Button>
        </div>
        <div style={{ padding: 8 }}>
          <Input.TextArea
            rows={3}
            value={text}
            placeholder={t('chat.placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
          <div style={{ textAlign: 'right', marginTop: 6 }}>
            <Button type="primary" onClick={send}>
              {t('chat.send')}
            </Button>
          </div>
        </div>
      </div>
      {showHistory && (
        <div data-testid="chat-history" style={{ width: 300, height: 480, display: 'flex', flexDirection: 'column', borderLeft: '1px solid #dcdfe6' }}>
          <Input.Search style={{ padding: 8 }} placeholder={t('chat.search')} allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => searchHistory(v)} />
          <div
            style={{ flex: 1, overflowY: 'auto', padding: '0 12px' }}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (!historyEnded && !historyLoading && el.scrollHeight - el.scrollTop - el.clientHeight <= HISTORY_NEXT_PX) loadHistory();
            }}
          >
            {history.map(row)}
            {historyLoading && <Spin size="small" style={{ display: 'block', padding: 12 }} />}
            {historyEnded && (
              <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', padding: 8, fontSize: 12 }}>
                {history.length ? t('chat.noMore') : t('chat.empty')}
              </Typography.Text>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
