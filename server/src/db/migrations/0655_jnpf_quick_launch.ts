import { type Kysely, sql } from 'kysely';

/**
 * 发起流程 at the JNPF web client's view path (issue 22 item 2, as 0620 and 0630 did for other pages): JNPF 3.4.7 keeps
 * it at `workFlow/flowQuickLaunch` (Mnxhp src/views/workFlow/flowQuickLaunch/index.vue, component `workFlow-addFlow`;
 * there is no view at our old `workFlow/addFlow`, so its router drew a blank page). The seed writes the new path; this
 * moves an existing database's menu, only where the old path is still set (an administrator's own change is kept).
 */
export const MOVES: ReadonlyArray<readonly [id: string, from: string, to: string]> = [['menu-workflow-add-flow', 'workFlow/addFlow', 'workFlow/flowQuickLaunch']];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${to} where id = ${id} and url_address = ${from}`.execute(db);
}

/** Moves the menu back where it still has the new path. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${from} where id = ${id} and url_address = ${to}`.execute(db);
}
