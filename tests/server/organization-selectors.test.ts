import { describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers';

/**
 * The organisation selectors the org pickers read (spec 001 §7; issue 3 org pickers): trees of the seeded
 * organisation with positions, users and roles as typed leaves, for any signed-in user; code 602 without a session (spec 000 §7).
 */
const ctx = signedInTestApp();

type Node = { id: string; fullName: string; type: string; children?: Node[] };
const flat = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
const get = async (path: string) => {
  const r = await ctx.t.call('GET', path, { token: ctx.token });
  expect(r.code, path).toBe(200);
  return r.data.list as Node[];
};

describe('organisation selectors', () => {
  it('Organize and Department selectors: the company with its departments', async () => {
    for (const path of ['/api/permission/Organize/Selector/0', '/api/permission/Organize/Department/Selector/0']) {
      const list = await get(path);
      expect(list.map((n) => n.id)).toEqual(['org-kd', 'org-demo']); // the demo company (KD_DEMO unset) follows
      expect(list[0]).toMatchObject({ id: 'org-kd', fullName: 'KD 箱包有限公司', type: 'company' });
      expect(list[0].children?.map((c) => [c.id, c.fullName, c.type])).toEqual([
        ['org-purchasing', '采购部', 'department'],
        ['org-production', '生产部', 'department'],
        ['org-quality', '品质部', 'department'],
        ['org-it', '信息部', 'department'],
      ]);
    }
    const without = flat(await get('/api/permission/Organize/Selector/org-it')).map((n) => n.id);
    expect(without).not.toContain('org-it');
    expect(without).toContain('org-quality');
  });

  it('Position, Users and Role selectors: typed leaves under their owners', async () => {
    const positions = flat(await get('/api/permission/Position/Selector'));
    expect(positions.find((n) => n.id === 'org-purchasing')?.children).toEqual([expect.objectContaining({ id: 'pos-buyer', fullName: '采购员', type: 'position' })]);
    const users = flat(await get('/api/permission/Users/Selector'));
    expect(users.find((n) => n.id === 'org-it')?.children).toEqual([expect.objectContaining({ id: 'user-admin', fullName: '管理员/admin', type: 'user' })]);
    const roles = flat(await get('/api/permission/Role/Selector'));
    expect(roles.find((n) => n.id === 'role-admin')).toMatchObject({ fullName: '系统管理员', type: 'role' });
  });

  it('Group selector: the seeded user groups under their group type; a disabled group is not offered', async () => {
    const list = await get('/api/permission/Group/Selector');
    expect(list.map((c) => [c.fullName, c.type, c.children?.map((g) => [g.id, g.fullName, g.type])])).toEqual([
      ['项目组', 'category', [['group-sampling', '打样小组', 'group'], ['group-export', '外贸跟单组', 'group']]],
      ['委员会', 'category', [['group-safety', '安全生产委员会', 'group']]],
    ]);
    await ctx.t.app.db.updateTable('user_group').set({ enabled_mark: 0 }).where('id', '=', 'group-safety').execute();
    try {
      expect(flat(await get('/api/permission/Group/Selector')).map((n) => n.id)).not.toContain('group-safety');
    } finally {
      await ctx.t.app.db.updateTable('user_group').set({ enabled_mark: 1 }).where('id', '=', 'group-safety').execute();
    }
  });

  it('needs a session', async () => {
    for (const path of ['/api/permission/Users/Selector', '/api/permission/Group/Selector']) expect((await ctx.t.call('GET', path)).code).toBe(602);
  });
});
