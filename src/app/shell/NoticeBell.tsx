import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUnreadCount, onUnreadChanged } from '../../api/message';

/** How often the unread count is re-read, ms. */
export const NOTICE_POLL_MS = 60_000;

// The drawer (antd List, Drawer, the dialog and DOMPurify) loads on the first click.
const MessageDrawer = lazy(() => import('../messages/MessageDrawer'));

/**
 * The notice bell (spec 000 §2 navbar): the unread message count as a badge showing at most 99 (99+ beyond), never
 * below 0; the count comes from the messages API, is 0 while that call fails, and is re-read every minute and whenever
 * a message is read, all are marked read, records are deleted or a push arrives (onUnreadChanged). A click opens the
 * message drawer (messages/MessageDrawer.tsx).
 */
export default function NoticeBell() {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let alive = true;
    const read = () =>
      getUnreadCount().then(
        (n) => alive && setCount(Math.max(0, n)),
        () => alive && setCount(0),
      );
    void read();
    const timer = setInterval(read, NOTICE_POLL_MS);
    const off = onUnreadChanged(() => void read());
    return () => {
      alive = false;
      clearInterval(timer);
      off();
    };
  }, []);
  return (
    <>
      <Tooltip title={t('navbar.notice')}>
        <button
          type="button"
          className="kd-nav-action"
          data-testid="notice-bell"
          aria-label={count ? `${t('navbar.notice')} ${count > 99 ? '99+' : count}` : t('navbar.notice')}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
            <BellOutlined className="kd-nav-icon" />
          </Badge>
        </button>
      </Tooltip>
      {mounted && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
