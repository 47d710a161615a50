import { describe, expect, it } from 'vitest';
import { MOVES, up } from '../../server/src/db/migrations/0620_jnpf_view_paths';
import { MOVES as MOVES_0630, up as up0630 } from '../../server/src/db/migrations/0630_image_code';
import { MOVES as MOVES_0655, up as up0655 } from '../../server/src/db/migrations/0655_jnpf_quick_launch';
import { signedInTestApp } from './helpers';

/**
 * Built-in pages at the JNPF client’s view paths (issue 22 item 2): the seeded menus say systemData/dictionary,
 * systemData/dataInterface, permission/userOnline (Mnxhp src/views/…), and migration 0620 moves an existing
 * database's built-in menus there, leaving a path an administrator changed alone.
 */
const h = signedInTestApp();

type Menu = { urlAddress: string; enCode: string; children?: Menu[] | null };
const flat = (list: Menu[]): Menu[] => list.flatMap((m) => [m, ...flat(m.children ?? [])]);

describe('JNPF view paths of the built-in pages', () => {
  it('CurrentUser gives the built-in pages the JNPF client’s paths', async () => {
    const menus = flat((await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token })).data.menuList);
    const path = (enCode: string) => menus.find((m) => m.enCode === enCode)?.urlAddress;
    expect([path('dataReport'), path('visualPortal')]).toEqual(['onlineDev/dataReport', 'onlineDev/visualPortal']);
    expect(path('addFlow')).toBe('workFlow/flowQuickLaunch');
    expect([path('dictionary'), path('dataInterface'), path('onlineUser'), path('billRule'), path('webDesign'), path('printDev')]).toEqual([
      'systemData/dictionary',
      'systemData/dataInterface',
      'permission/userOnline',
      'system/billRule',
      'onlineDev/webDesign',
      'system/printDev',
    ]);
    expect(menus.some((m) => /^system\/(dictionary|dataInterface|onlineUser)$/.test(m.urlAddress))).toBe(false);
  });

  it('migration 0620 moves the old paths of an existing database and keeps an administrator’s own', async () => {
    const db = h.t.app.db;
    for (const [id, from] of MOVES) await db.updateTable('module').set({ url_address: from }).where('id', '=', id).execute();
    await db.updateTable('module').set({ url_address: 'custom/onlineUsers' }).where('id', '=', 'menu-online-user').execute();
    await up(db as never);
    const rows = await db.selectFrom('module').select(['id', 'url_address']).where('id', 'in', MOVES.map((m) => m[0])).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.url_address]))).toEqual({
      'menu-data-interface': 'systemData/dataInterface',
      'menu-dictionary': 'systemData/dictionary',
      'menu-online-user': 'custom/onlineUsers',
    });
  });

  it('migration 0630 moves 数据报表 and 门户管理 to onlineDev/dataReport and onlineDev/visualPortal, keeping an administrator’s own', async () => {
    const db = h.t.app.db;
    for (const [id, from] of MOVES_0630) await db.updateTable('module').set({ url_address: from }).where('id', '=', id).execute();
    await db.updateTable('module').set({ url_address: 'custom/portals' }).where('id', '=', 'menu-portal').execute();
    await up0630(db as never);
    const rows = await db.selectFrom('module').select(['id', 'url_address']).where('id', 'in', MOVES_0630.map((m) => m[0])).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.url_address]))).toEqual({ 'menu-data-report': 'onlineDev/dataReport', 'menu-portal': 'custom/portals' });
  });

  it('migration 0655 moves 发起流程 to workFlow/flowQuickLaunch (JNPF 3.4.7’s view), keeping an administrator’s own', async () => {
    const db = h.t.app.db;
    const [[id, from, to]] = MOVES_0655;
    await db.updateTable('module').set({ url_address: from }).where('id', '=', id).execute();
    await up0655(db as never);
    expect((await db.selectFrom('module').select('url_address').where('id', '=', id).executeTakeFirstOrThrow()).url_address).toBe(to);
    await db.updateTable('module').set({ url_address: 'custom/launch' }).where('id', '=', id).execute();
    await up0655(db as never);
    expect((await db.selectFrom('module').select('url_address').where('id', '=', id).executeTakeFirstOrThrow()).url_address).toBe('custom/launch');
    await db.updateTable('module').set({ url_address: to }).where('id', '=', id).execute();
  });
});
