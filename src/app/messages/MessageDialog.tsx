import { Modal, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sanitizeHtml } from '../../../renderers/editor/sanitize';
import { type MessageInfo, type MessageRow, notifyUnreadChanged, readMessage } from '../../api/message';
import { formatTime } from '../format';
import './i18n';
import { messageTarget } from './openMessage';

/**
 * The 'view message' dialog (spec 000 §2): the title, the time (last modified), the sender and the HTML body,
 * sanitised with DOMPurify again before display (the server sanitised it when stored).
 */
function MessageDialog({ message, onClose }: { message: MessageInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!message} title={t('messages.viewTitle')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {message && (
        <div data-testid="message-view">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {message.title}
          </Typography.Title>
          <Space size="large" className="kd-message-meta">
            <Typography.Text type="secondary">
              {t('messages.time')}：{formatTime(message.lastModifyTime)}
            </Typography.Text>
            {message.creatorUser && (
              <Typography.Text type="secondary">
                {t('messages.creator')}：{message.creatorUser}
              </Typography.Text>
            )}
          </Space>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitised with DOMPurify right here */}
          <div className="kd-message-body" data-testid="message-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.bodyText) }} />
        </div>
      )}
    </Modal>
  );
}

/**
 * Opening a message (spec 000 §2): reads it (the server marks it read), tells the bell (notifyUnreadChanged) and
 * `onRead(id)`, then shows the dialog for a notice or navigates to its workflow page (openMessage.ts). Returns
 * `open(row)` and the dialog element to render.
 */
export function useMessageOpener(onRead?: (id: string) => void) {
  const navigate = useNavigate();
  const [shown, setShown] = useState<MessageInfo | null>(null);
  const open = useCallback(
    async (row: Pick<MessageRow, 'id'>) => {
      const info = await readMessage(row.id);
      notifyUnreadChanged();
      onRead?.(row.id);
      const target = messageTarget(info);
      if (target === 'dialog') setShown(info);
      else navigate(target);
    },
    [navigate, onRead],
  );
  const dialog = <MessageDialog message={shown} onClose={() => setShown(null)} />;
  return { open, dialog };
}
