import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Waits `ms` inside act, so React flushes state updates and effects scheduled meanwhile. */
export async function settle(ms = 20): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/**
 * Test helper for a composed story (`composeStories` from @storybook/react-vite, with the project annotations of
 * .storybook/preview set in .storybook/vitest.setup.ts): renders `<Story {...argOverrides} />` inside act, then waits
 * until its form has lazy-loaded its widgets and their effects (option loading, antd registrations) have run, so the
 * test interacts with what a user would see (design.md §3, §8). composeStories merges args and applies decorators;
 * this covers the one thing it does not: the asynchronous widget loading of KdForm.
 */
export async function renderStory(story: ReactElement): Promise<RenderResult> {
  let r!: RenderResult;
  await act(async () => {
    r = render(story);
  });
  for (let i = 0; i < 200 && !r.container.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return r;
}
