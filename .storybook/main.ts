import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook (design.md §2, §3): the stories of every renderer (Basic, ReadOnly, Invalid, Design), the same stories the
 * renderer tests compose (composeStories). Telemetry off: offline builds take ~6 s instead of 13 s (stack-notes §7).
 * `reactDocgen` stays the default `react-docgen` (TS 7 has no compiler API for react-docgen-typescript).
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../renderers/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  /** The app's own build plugins (kd-precompress, kd-preload-signed-in: scripts/vite-plugins.ts) are not for Storybook. */
  viteFinal: (vite) => ({ ...vite, plugins: (vite.plugins ?? []).flat().filter((p) => !(p && 'name' in p && p.name.startsWith('kd-'))) }),
};
export default config;
