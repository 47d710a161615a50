import { Avatar, Badge, Drawer, Input, List, Spin, Tabs, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ServerFrame } from '../../../schemas/wire/im';
import { getImReply, getImUsers, type ImReplyItem, type ImUser } from '../../api/chat';
import { userInfoAtom } from '../session/atoms';
import { chatSocketAtom } from '../shell/useChatSocket';
import ChatPanel, { type ChatPeer } from './ChatPanel';
import './i18n';
import { previewText, relativeTime } from './parts';

/** Contacts page size and the distance from the end that loads the next page (spec 000 §9). */
export const CONTACTS_PAGE_SIZE = 20;
const CONTACTS_NEXT_PX = 300;

/**
 * The chat drawer (spec 000 §2 "Chat drawer"; issue 14 items 4–5): right, 280 px, 'internal chat', tabs 'reply' (the
 * recent conversations: avatar, name/account, unread badge, latest message — [图片]/[语音] for image/voice — and its
 * relative date) and 'contacts' (keyword search, name/account and department, 20 a page, the next within 300 px).
 * Clicking either opens the chat panel; opening a conversation clears its unread badge. Live: a received message adds
 * to its conversation's count (or puts a new one on top), a sent one updates the latest message; a reconnect reloads
 * the list. `onUnread` reports whether any conversation is unread (the navbar icon blinks).
 */
export default function ChatDrawer({ open, onClose, onUnread, onPeer }: { open: boolean; onClose: () => void; onUnread: (any: boolean) => void; onPeer: (id: string | null) => void }) {
  const { t } = useTranslation();
  const socket = useAtomValue(chatSocketAtom);
  const me = useAtomValue(userInfoAtom)?.userId ?? '';
  const [tab, setTab] = useState('reply');
  const [replies, setReplies] = useState<ImReplyItem[]>([]);
  const [contacts, setContacts] = useState<ImUser[]>([]);
  const [keyword, setKeyword] = useState('');
  const [ended, setEnded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [peer, setPeer] = useState<ChatPeer | null>(null);
  const page = useRef(0);
  const busy = useRef(false);
  /** The number of the latest contacts request; answers of older ones are dropped. */
  const contactsRequest = useRef(0);
  const peerId = useRef<string | null>(null);
  peerId.current = peer?.id ?? null;

  const loadReplies = useCallback(() => {
    getImReply().then(setReplies, () => setReplies([]));
  }, []);

  const loadContacts = useCallback(async (reset: boolean, kw: string) => {
    if (busy.current && !reset) return;
    // A newer search supersedes a load still under way: only the latest request's answer is shown (a slow first page
    // answered after the keyword search must not put the unfiltered list back).
    const request = ++contactsRequest.current;
    busy.current = true;
    setLoading(true);
    if (reset) page.current = 0;
    try {
      const next = page.current + 1;
      const res = await getImUsers({ keyword: kw || undefined, currentPage: next, pageSize: CONTACTS_PAGE_SIZE });
      if (request !== contactsRequest.current) return;
      page.current = next;
      setContacts((l) => (reset ? res.list : [...l, ...res.list.filter((u) => !l.some((x) => x.id === u.id))]));
      setEnded(res.list.length < CONTACTS_PAGE_SIZE);
    } catch {
      if (request === contactsRequest.current) setEnded(true);
    } finally {
      if (request === contactsRequest.current) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setTab('reply');
    loadReplies();
  }, [open, loadReplies]);

  useEffect(() => onUnread(replies.some((r) => r.unreadMessage > 0)), [replies, onUnread]);

  useEffect(() => {
    if (!socket) return;
    return socket.subscribe((f: ServerFrame) => {
      if (f.method === 'initMessage') loadReplies();
      else if (f.method === 'receiveMessage') {
        const reading = peerId.current === f.formUserId;
        const latestMessage = typeof f.formMessage === 'string' ? f.formMessage : JSON.stringify(f.formMessage);
        setReplies((list) => {
          const found = list.find((r) => r.id === f.formUserId);
          const entry: ImReplyItem = found
            ? { ...found, latestMessage, messageType: f.messageType, latestDate: f.latestDate, unreadMessage: reading ? 0 : found.unreadMessage + 1 }
            : { id: f.formUserId, userId: f.formUserId, account: f.account, realName: f.realName, headIcon: f.headIcon, latestMessage, messageType: f.messageType, latestDate: f.latestDate, unreadMessage: reading ? 0 : 1 };
          return [entry, ...list.filter((r) => r.id !== f.formUserId)];
        });
      } else if (f.method === 'sendMessage') {
        const latestMessage = typeof f.toMessage === 'string' ? f.toMessage : JSON.stringify(f.toMessage);
        setReplies((list) => {
          const found = list.find((r) => r.id === f.toUserId);
          const entry: ImReplyItem = found
            ? { ...found, latestMessage, messageType: f.messageType, latestDate: f.latestDate }
            : { id: f.toUserId, userId: f.toUserId, account: f.toAccount, realName: f.toRealName, headIcon: f.toHeadIcon, latestMessage, messageType: f.messageType, latestDate: f.latestDate, unreadMessage: 0 };
          return [entry, ...list.filter((r) => r.id !== f.toUserId)];
        });
      }
    });
  }, [socket, loadReplies]);

  const openPeer = (p: ChatPeer) => {
    setPeer(p);
    onPeer(p.id);
    setReplies((list) => list.map((r) => (r.id === p.id ? { ...r, unreadMessage: 0 } : r)));
  };
  const closePeer = () => {
    setPeer(null);
    onPeer(null);
  };

  const avatar = (name: string, src: string) => (
    <Avatar size={36} src={src || undefined}>
      {name.slice(0, 1)}
    </Avatar>
  );

  const replyList = (
    <div data-testid="chat-reply-list" style={{ height: '100%', overflowY: 'auto' }}>
      <List
        dataSource={replies}
        locale={{ emptyText: t('chat.empty') }}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="chat-reply" style={{ padding: '8px 16px', cursor: 'pointer' }} onClick={() => openPeer(r)}>
            <List.Item.Meta
              avatar={avatar(r.realName, r.headIcon)}
              title={
                <span style={{ display: 'flex', justifyContent: 'space-between' }}>
                  <Typography.Text ellipsis style={{ maxWidth: 140 }}>
                    {r.realName}/{r.account}
                  </Typography.Text>
                  <Badge count={r.unreadMessage} size="small" />
                </span>
              }
              description={
                <span style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12 }}>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 110, fontSize: 12 }}>
                    {previewText(r.latestMessage, r.messageType, t)}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {relativeTime(r.latestDate, t)}
                  </Typography.Text>
                </span>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );

  const contactList = (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Input.Search
        placeholder={t('chat.search')}
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => void loadContacts(true, v)}
        style={{ padding: '8px 12px' }}
      />
      <div
        data-testid="chat-contact-list"
        style={{ flex: 1, overflowY: 'auto' }}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (!ended && el.scrollHeight - el.scrollTop - el.clientHeight <= CONTACTS_NEXT_PX) void loadContacts(false, keyword);
        }}
      >
        <List
          dataSource={contacts}
          locale={{ emptyText: loading ? ' ' : t('chat.empty') }}
          renderItem={(u) => (
            <List.Item key={u.id} data-testid="chat-contact" style={{ padding: '8px 16px', cursor: 'pointer' }} onClick={() => openPeer(u)}>
              <List.Item.Meta avatar={avatar(u.realName, u.headIcon)} title={`${u.realName}/${u.account}`} description={u.department} />
            </List.Item>
          )}
        />
        {loading && <Spin size="small" style={{ display: 'block', padding: 12 }} />}
      </div>
    </div>
  );

  return (
    <>
      {/* No focus trap: the chat panel lives beside the drawer and needs the keyboard. */}
      <Drawer
        open={open}
        onClose={onClose}
        placement="right"
        size={280}
        title={t('chat.title')}
        focusable={{ trap: false }}
        styles={{ body: { padding: 0 } }}
        rootClassName="kd-chat-drawer"
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            if (k === 'contacts' && !contacts.length) void loadContacts(true, keyword);
          }}
          centered
          items={[
            { key: 'reply', label: t('chat.reply'), children: replyList },
            { key: 'contacts', label: t('chat.contacts'), children: contactList },
          ]}
          style={{ height: '100%' }}
        />
      </Drawer>
      {/* On the body, as the drawer is: inside the navbar it would sit in the header's stacking context, under the mask. */}
      {open && peer && socket && createPortal(<ChatPanel peer={peer} me={me} socket={socket} onClose={closePeer} />, document.body)}
    </>
  );
}
