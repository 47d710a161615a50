import { expect } from 'vitest';

/**
 * Vitest setup (vitest.config.ts `setupFiles`): gives composeStories the project annotations of `.storybook/preview`
 * (the antd/zh decorators), so a renderer test renders its stories exactly as Storybook does (design.md §2, §3).
 * Only the renderer tests compose stories; other files (server tests in node, app tests) skip the import.
 */
const testPath = expect.getState().testPath ?? '';
if (typeof window !== 'undefined' && /[\\/]renderers[\\/]/.test(testPath)) {
  const [{ setProjectAnnotations }, preview] = await Promise.all([import('@storybook/react-vite'), import('./preview')]);
  setProjectAnnotations([preview.default]);
}
