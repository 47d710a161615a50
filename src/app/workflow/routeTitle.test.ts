import { describe, expect, it } from 'vitest';
import { changeLanguage, i18next, initI18n } from '../../i18n';
import { routeView } from '../tabs/routeView';

/** The task page's tab (issue 15 item 4): a fixed, uncached route titled from the workflow strings in each language. */
describe('/workFlow/task tab', () => {
  it('is a fixed view titled 流程详情 / Flow task, not cached', async () => {
    initI18n('zh');
    const v = routeView('/workFlow/task', '?taskId=t1&from=todo', []);
    expect(v).toMatchObject({ path: '/workFlow/task', fullPath: '/workFlow/task?taskId=t1&from=todo', meta: { noCache: true } });
    expect(i18next.t(v?.titleKey ?? '')).toBe('流程详情');
    await changeLanguage('en');
    expect(i18next.t(v?.titleKey ?? '')).toBe('Flow task');
    await changeLanguage('tw');
    expect(i18next.t(v?.titleKey ?? '')).toBe('流程詳情');
    await changeLanguage('zh');
  });
});
