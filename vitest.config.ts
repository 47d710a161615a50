import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, component and server tests. DOM tests opt in with `// @vitest-environment happy-dom`. Renderer tests compose
 * their Storybook stories; `.storybook/vitest.setup.ts` gives composeStories the project annotations of .storybook/preview.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'designer/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts', 'schemas/**/*.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    setupFiles: ['tests/setup/dom-teardown.ts', '.storybook/vitest.setup.ts'],
    /**
     * Ignores exactly one known artefact: React's scheduler running, after a DOM file's environment was torn down, a
     * task queued while it lived (react-dom reads `window.event` for the update priority). Nothing of the product runs
     * then; any other unhandled error still fails the run.
     */
    onUnhandledError(error) {
      const stack = String(error.stack ?? '');
      const lateReactTask = /window is not defined/.test(String(error.message)) && /react-dom/.test(stack) && /performWorkUntilDeadline/.test(stack);
      return lateReactTask ? false : undefined;
    },
  },
});
