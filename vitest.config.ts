import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const SERVER_TESTS = 'tests/server/**/*.test.ts';
/** Files that open the embedded PGlite themselves, whatever DATABASE_URL says: they run once, in the PGlite pass. */
const PGLITE_ONLY = ['tests/server/pglite-*.test.ts'];
/**
 * With DATABASE_URL set, the server files run on PostgreSQL, and these run a second time on the embedded PGlite (the
 * product's default): the files whose subject is where PGlite differs from a PostgreSQL server — its own thread,
 * statements and dialect (pglite-*), backups and restores (a data folder, not pg_dump), the driver's type parsing
 * (every widget's column type, dates, numerics) and its one connection under concurrent writers (bill-rule sequences,
 * the workflow's row locks, the scheduler's claims), and seeding. PGlite is PostgreSQL compiled to WebAssembly, so the
 * rest (lists, keyword indexes, record versions and the recycle bin, row filters, reports, purchasing, …) builds the
 * same SQL on both and a second pass repeated its minutes for nothing (≈ 235 s of test time at stop 33); they run once,
 * on PostgreSQL in CI and on PGlite wherever DATABASE_URL is unset (every local run). Keeps CI under its 30 minutes.
 */
const BOTH_DATABASES = [
  ...PGLITE_ONLY,
  'tests/server/backup-{cli,roundtrip}.test.ts',
  'tests/server/{every-widget,dates-strict,numinput-precision}.test.ts',
  'tests/server/{onlinedev-billrule-parallel,workflow-audit-lock,scheduler,seed}.test.ts',
  // PGlite-only cases (declared only there): plan reuse of list pages; a statement timeout inside the one thread; the
  // read-only source's catalog guard, whose holes would reach the catalog of whichever engine runs.
  'tests/server/{visualdev-list-paging,data-interface-source,data-interface-guard}.test.ts',
];

/**
 * The server test projects (tests/server): on PostgreSQL when DATABASE_URL is set, else on PGlite; with DATABASE_URL
 * set, BOTH_DATABASES run a second time on the embedded PGlite (project `server-pglite`: the server must work on both),
 * in the same run and worker pool. Their globalSetup builds the seeded database templates once (tests/setup/db-templates.ts).
 * Not isolated: a worker process runs its server files one after another with one module cache (the server, Kysely,
 * PGlite's compiled WebAssembly and the template are loaded once per worker, not once per file). So a server test file
 * restores what it changes in the process: env (vi.stubEnv + vi.unstubAllEnvs), timers (vi.useRealTimers), spies
 * (mockRestore), process listeners (process.off).
 */
const serverProjects: TestProjectInlineConfiguration[] = process.env.DATABASE_URL
  ? [
      { extends: true as const, test: { name: 'server', include: [SERVER_TESTS], exclude: PGLITE_ONLY, isolate: false, globalSetup: ['tests/setup/db-templates.ts'] } },
      { extends: true as const, test: { name: 'server-pglite', include: BOTH_DATABASES, isolate: false, env: { DATABASE_URL: '' }, globalSetup: ['tests/setup/db-templates.ts'] } },
    ]
  : [{ extends: true as const, test: { name: 'server', include: [SERVER_TESTS], isolate: false, globalSetup: ['tests/setup/db-templates.ts'] } }];

/** The DOM files' big libraries, pre-bundled once per run (see the unit project). */
const PREBUNDLED = ['antd', 'react', 'react-dom', 'react-dom/client', 'dayjs', 'ag-grid-community', 'ag-grid-react', '@testing-library/react', '@testing-library/user-event', '@rjsf/core', '@rjsf/utils', '@rjsf/validator-ajv8', 'i18next', 'react-i18next'];

/** The unit files that run in a shared worker (project `unit-shared`, not isolated). */
const SHARED_WORKER = ['renderers/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'designer/form/registry.test.tsx', 'tests/contract/renderers.test.ts'];

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
          /**
           * The DOM files' big libraries are pre-bundled once per run (esbuild, node_modules/.vite/vitest) instead of each
           * file loading antd's and React's hundreds of modules one by one: measured −45 % import and setup time per file
           * on two cores. @ant-design/icons stays out: its CommonJS build loses named icons in the bundle (UploadField's
           * PlusOutlined came back undefined).
           */
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: PREBUNDLED,
              },
            },
          },
          include: ['src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'designer/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
          exclude: [...SHARED_WORKER, 'node_modules/**'],
          globalSetup: ['tests/setup/page-hosts.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-shared',
          include: SHARED_WORKER,
          /**
           * Not isolated: a worker runs these files one after another with one module cache, so antd, React and the
           * renderer registry load once per worker instead of once per file (the 78 renderer files: 143 s → 43 s wall
           * on two cores, quiet). Only files that talk to no server and keep no state between files: the renderers
           * (stories on local fixtures), the schemas, the form designer's palette and the renderer contract.
           * tests/setup/shared-worker.ts resets what such a file could leave behind (toasts, the DOM, timers, the language).
           */
          isolate: false,
          setupFiles: ['tests/setup/dom-teardown.ts', '.storybook/vitest.setup.ts', 'tests/setup/shared-worker.ts'],
          deps: { optimizer: { client: { enabled: true, include: PREBUNDLED } } },
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
      // react-dom's own files, or the unit project's pre-bundled copy of it (node_modules/.vite/vitest/<hash>/deps/).
    const inReactDom = /react-dom|[\\/]\.vite[\\/]vitest[\\/][^\\/]+[\\/]deps[\\/]/.test(stack);
    const lateReactTask = /window is not defined/.test(String(error.message)) && inReactDom && /performWorkUntilDeadline/.test(stack);
      return lateReactTask ? false : undefined;
    },
  },
});
