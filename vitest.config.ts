import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const SERVER_TESTS = 'tests/server/**/*.test.ts';
/**
 * Server files the second (PGlite) pass leaves out, to keep CI well under its 30 minutes: files whose subject sits in
 * front of the database or uses it only for plain rows (the hostile-input guard, sign-in and sessions, the chat
 * socket protocol, messages, settings, logs and metrics, i18n). Everything engine-specific (model tables and lists,
 * DDL, keyword indexes, backups, PGlite's thread, data interfaces, workflow locking, purchasing, the scheduler's
 * claims) still runs on both databases.
 */
const FIRST_PASS_ONLY = [
  'tests/server/hostile-sweep.test.ts',
  'tests/server/oauth*.test.ts',
  'tests/server/admin-password.test.ts',
  'tests/server/password-policy.test.ts',
  'tests/server/session-*.test.ts',
  'tests/server/current-user*.test.ts',
  'tests/server/im-*.test.ts',
  'tests/server/message*.test.ts',
  'tests/server/syslog.test.ts',
  'tests/server/metrics-monitor.test.ts',
  'tests/server/ops-cache-monitor.test.ts',
  'tests/server/sysconfig*.test.ts',
  'tests/server/authority-objects.test.ts',
  'tests/server/i18n.test.ts',
];

/**
 * The server test projects (tests/server): on PostgreSQL when DATABASE_URL is set, else on PGlite; with DATABASE_URL
 * set the same files run a second time on the embedded PGlite (project `server-pglite`: the server must work on both),
 * in the same run and worker pool. Their globalSetup builds the seeded database templates once (tests/setup/db-templates.ts).
 * Not isolated: a worker process runs its server files one after another with one module cache (the server, Kysely,
 * PGlite's compiled WebAssembly and the template are loaded once per worker, not once per file). So a server test file
 * restores what it changes in the process: env (vi.stubEnv + vi.unstubAllEnvs), timers (vi.useRealTimers), spies
 * (mockRestore), process listeners (process.off).
 */
const serverProjects: TestProjectInlineConfiguration[] = [
  { extends: true as const, test: { name: 'server', include: [SERVER_TESTS], isolate: false, globalSetup: ['tests/setup/db-templates.ts'] } },
  ...(process.env.DATABASE_URL
    ? [{ extends: true as const, test: { name: 'server-pglite', include: [SERVER_TESTS], exclude: FIRST_PASS_ONLY, isolate: false, env: { DATABASE_URL: '' }, globalSetup: ['tests/setup/db-templates.ts'] } }]
    : []),
];

/**
 * Unit, component and server tests. DOM tests opt in with `// @vitest-environment happy-dom`. Renderer tests compose
 * their Storybook stories; `.storybook/vitest.setup.ts` gives composeStories the project annotations of .storybook/preview.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    setupFiles: ['tests/setup/dom-teardown.ts', '.storybook/vitest.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'designer/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
        },
      },
      ...serverProjects,
    ],
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
