import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** Wraps a component under test the way the app does: antd App context, no space inserted in CJK buttons. */
export default function TestShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
