import { afterAll } from 'vitest';

/**
 * Vitest setup for every test file. In DOM files (happy-dom, jsdom) it unmounts what tests rendered and closes antd's
 * static toasts, notices and modals (they live in React roots of their own that RTL's cleanup does not know), then lets
 * React's scheduler drain, so no queued render runs after the DOM environment is torn down ("window is not defined").
 */
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const [{ cleanup }, antd] = await Promise.all([import('@testing-library/react'), import('antd')]);
  cleanup();
  antd.message.destroy();
  antd.notification.destroy();
  antd.Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
