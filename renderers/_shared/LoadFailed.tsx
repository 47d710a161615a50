import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { createContext, useContext } from 'react';
import { useWidgetWord } from './words';

/** Retries loading the form's failed widget chunks (KdForm provides it). */
export const LoadRetryContext = createContext<() => void>(() => {});

/**
 * Stands in for a widget whose chunk failed to load (issue 25 item 3: the network or the server is down): says so in
 * the field's place, with 重试 to load it again. Takes any widget, field or display props and ignores them.
 */
export default function LoadFailed() {
  const w = useWidgetWord();
  const retry = useContext(LoadRetryContext);
  return (
    <Alert
      type="error"
      showIcon
      className="kd-widget-load-failed"
      title={w('loadFailed')}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
          {w('retry')}
        </Button>
      }
    />
  );
}
