import type { Decorator, Preview } from '@storybook/react-vite';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/**
 * Wraps every story the way the app's shell does (src/app/settings/ThemeProvider.tsx, spec 000 §9): antd in zh_CN
 * (pickers, empty states, pagination texts), dayjs in zh-cn, no space inserted in CJK buttons, antd's App context
 * (message, modal, notification).
 */
const withAntd: Decorator = (Story) => (
  <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
    <AntApp>
      <Story />
    </AntApp>
  </ConfigProvider>
);

/** Project annotations: used by Storybook and, through setProjectAnnotations (vitest.setup.ts), by composeStories. */
const preview: Preview = {
  decorators: [withAntd],
  parameters: { layout: 'padded' },
};
export default preview;
