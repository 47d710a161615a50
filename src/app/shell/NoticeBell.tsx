import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getUnreadCount } from '../../api/message';

/** How often the unread count is re-read, ms. */
export const NOTICE_POLL_MS = 60_000;

/**
 * The notice bell (spec 000 §2 navbar): the unread message count as a badge showing at most 99 (99+ beyond); the count
 * comes from the messages API and is 0 while that call fails. A click opens the message centre (/messageRecord);
 * the message drawer comes later.
 */
export default function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const read = () =>
      getUnreadCount().then(
        (n) => alive && setCount(n),
        () => alive && setCount(0),
      );
    void read();
    const timer = setInterval(read, NOTICE_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <Tooltip title={t('navbar.notice')}>
      <span className="kd-nav-action" data-testid="notice-bell" onClick={() => navigate('/messageRecord')}>
        <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
          <BellOutlined className="kd-nav-icon" />
        </Badge>
      </span>
    </Tooltip>
  );
}
