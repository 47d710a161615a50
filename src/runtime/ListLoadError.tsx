import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RUNTIME_NS } from './i18n';

/**
 * What a list shows when its page could not be loaded (issue 25 item 3): the reason (the server's or the network's
 * message) and 重试, announced to screen readers (role alert) — never the empty state with 共 0 条, which would say
 * the table is empty.
 */
export default function ListLoadError({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation(RUNTIME_NS);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="list-load-error"
      title={t('list.loadFailed')}
      description={reason}
      action={
        <Button size="small" onClick={onRetry} data-testid="list-retry">
          {t('list.retry')}
        </Button>
      }
      style={{ margin: '12px 0' }}
    />
  );
}
