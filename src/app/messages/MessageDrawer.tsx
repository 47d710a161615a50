import { Badge, Drawer, List, Popconfirm, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { listMessages, type MessageRow, notifyUnreadChanged, readAllMessages } from '../../api/message';
import { toast } from '../../api/toast';
import { formatTime } from '../format';
import './i18n';
import { useMessageOpener } from './MessageDialog';

/** Page size of the drawer's list (spec 000 §9). */
const DRAWER_PAGE_SIZE = 20;
/** The next page loads when the list is scrolled to within this many pixels of its end (spec 000 §9). */
const DRAWER_NEXT_PX = 200;
/** Time of the mark-all-read toast (spec 000 §9: 1500 ms). */
const READ_ALL_TOAST_MS = 1500;

/**
 * The message drawer (spec 000 §2 "Message drawer"; issue 14 item 2): right side, 280 px, 'in-site messages'; links
 * 'mark all read' (after confirmation; the server's msg is toasted for 1500 ms) and 'message centre'; the caller's
 * messages newest first, 20 a page, the next page loading within 200 px of the end and no more once a page comes back
 * short; each item shows its title, sender, last-modified time and an unread dot. Opening a type-1 message shows the
 * 'view message' dialog; a workflow message goes to its page. Reloaded each time it opens.
 */
export default function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [items, setItems] = useState<MessageRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [ended, setEnded] = useState(false);
  const page = useRef(0);
  const busy = useRef(false);
  const generation = useRef(0);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    const gen = generation.current;
    try {
      const next = page.current + 1;
      const res = await listMessages({ currentPage: next, pageSize: DRAWER_PAGE_SIZE });
      if (gen !== generation.current) return;
      page.current = next;
      setItems((list) => [...list, ...res.list.filter((m) => !list.some((x) => x.id === m.id))]);
      setEnded(res.list.length < DRAWER_PAGE_SIZE);
    } catch {
      if (gen === generation.current) setEnded(true);
    } finally {
      busy.current = false;
      if (gen === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    generation.current += 1;
    busy.current = false;
    page.current = 0;
    setItems([]);
    setEnded(false);
    void loadMore();
  }, [open, loadMore]);

  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (!ended && el.scrollHeight - el.scrollTop - el.clientHeight <= DRAWER_NEXT_PX) void loadMore();
  };
  const markRead = useCallback((id: string) => setItems((list) => list.map((m) => (m.id === id ? { ...m, isRead: '1' } : m))), []);
  const { open: openMessage, dialog } = useMessageOpener(markRead);

  const readAll = async () => {
    const msg = await readAllMessages();
    toast('success', msg, READ_ALL_TOAST_MS);
    setItems((list) => list.map((m) => ({ ...m, isRead: '1' })));
    notifyUnreadChanged();
  };

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        placement="right"
        size={280}
        title={t('messages.drawerTitle')}
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
        rootClassName="kd-message-drawer"
      >
        <div className="kd-message-links" style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 16px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <Popconfirm title={t('messages.readAllConfirm')} onConfirm={readAll}>
            <Typography.Link data-testid="message-read-all">{t('messages.readAll')}</Typography.Link>
          </Popconfirm>
          <Typography.Link
            data-testid="message-centre-link"
            onClick={() => {
              onClose();
              navigate('/messageRecord');
            }}
          >
            {t('messages.center')}
          </Typography.Link>
        </div>
        <div data-testid="message-drawer-list" style={{ flex: 1, overflowY: 'auto' }} onScroll={onScroll}>
          <List
            dataSource={items}
            locale={{ emptyText: loading ? ' ' : t('messages.empty') }}
            renderItem={(m) => (
              <List.Item key={m.id} style={{ padding: '8px 16px', cursor: 'pointer' }} onClick={() => void openMessage(m)} data-testid="message-item">
                <List.Item.Meta
                  title={
                    <Badge dot={m.isRead === '0'} offset={[6, 0]} title={m.isRead === '0' ? t('messages.unread') : undefined}>
                      <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                        {m.title}
                      </Typography.Text>
                    </Badge>
                  }
                  description={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {m.creatorUser ? `${m.creatorUser} · ` : ''}
                      {formatTime(m.lastModifyTime)}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
          {loading && <Spin size="small" style={{ display: 'block', padding: 12 }} />}
          {ended && items.length > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', padding: 8, fontSize: 12 }}>
              {t('messages.noMore')}
            </Typography.Text>
          )}
        </div>
      </Drawer>
      {dialog}
    </>
  );
}
