import type { Db } from '../types';

/** What a seed step gets: the database and the start options. */
export interface SeedContext {
  db: Db;
  /** KD_ADMIN_PASSWORD (plain); unset → a random one is generated and printed once. */
  adminPassword?: string;
}

/** One seed step: idempotent (inserts with fixed ids and ON CONFLICT DO NOTHING), safe on every start. */
export type SeedStep = (ctx: SeedContext) => Promise<void>;

/**
 * The seed steps, in order (issue 2 item 2). A module adds its own with one line: `() => import('./my-seed')`,
 * whose default export is a SeedStep.
 */
export const seedSteps: Array<() => Promise<{ default: SeedStep }>> = [
  () => import('./organization'),
  () => import('./dictionaries'),
  () => import('./model-categories'),
  () => import('./supplier-model'),
  () => import('./menus'),
  () => import('./data-interface-menu'),
  () => import('./messages'),
  () => import('./organization-menus'),
  () => import('./demo-company'),
  () => import('./message-menus'),
  () => import('./print-menus'),
  () => import('./purchasing-models'),
  () => import('./purchasing-menus'),
  () => import('./purchasing-demo'),
  () => import('./purchasing-history'),
  () => import('./purchasing-flow'),
  () => import('./purchasing-print'),
  () => import('./report-demo'),
  () => import('./demo-row-scopes'),
  () => import('./workflow-menus'),
  () => import('./workflow-views-menus'),
  () => import('./demo-messages'),
  () => import('./permission-grants'),
  () => import('../../modules/backup/seed'),
  () => import('../../modules/sysconfig/seed'),
  () => import('./ops-menus'),
  () => import('./portal-demo'),
  () => import('./builtin-recycle-buttons'),
];

/** Runs every seed step in order (first start creates the data; later starts change nothing). */
export async function runSeeds(ctx: SeedContext): Promise<void> {
  for (const load of seedSteps) {
    const step = (await load()).default;
    await step(ctx);
  }
}
