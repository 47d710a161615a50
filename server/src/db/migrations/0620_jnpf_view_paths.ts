import { type Kysely, sql } from 'kysely';

/**
 * Built-in pages at the JNPF web client's view paths (issue 22 item 2): a type-2 menu opens the client's page
 * `views/{urlAddress}` (Mnxhp src/store/modules/user.js:141-147), and JNPF 3.4 keeps 数据字典 and 数据接口 under
 * `systemData/` and 在线用户 at `permission/userOnline` (src/views/systemData/{dictionary,dataInterface},
 * src/views/permission/userOnline). The seeds write the new paths; this rewrites the built-in menus of an existing
 * database, only where the old path is still set (an administrator's own change is kept).
 */
export const MOVES: ReadonlyArray<readonly [id: string, from: string, to: string]> = [
  ['menu-dictionary', 'system/dictionary', 'systemData/dictionary'],
  ['menu-data-interface', 'system/dataInterface', 'systemData/dataInterface'],
  ['menu-online-user', 'system/onlineUser', 'permission/userOnline'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${to} where id = ${id} and url_address = ${from}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${from} where id = ${id} and url_address = ${to}`.execute(db);
}
