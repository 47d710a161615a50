import { randomUUID } from 'node:crypto';
import { hashPassword, md5Hex, randomPassword, weakPasswordReason } from '../../lib/password';
import { SEED } from './ids';
import type { SeedContext } from './index';

/**
 * Seeds the organisation (issue 2 item 2): one company, four departments, a position per department, the
 * administrator role, the `admin` account and the default settings.
 * Admin password (issue 2 item 3): KD_ADMIN_PASSWORD → that password, no forced change (change_pwd_times 1);
 * unset → a random one printed once to the console, change_pwd_times 0 (forces /ChangePassword, spec 000 §2).
 * Only applied when the admin account is created; a later start never resets it. A KD_ADMIN_PASSWORD that the
 * server would refuse as a new password (the account name or a common password, issue 20 item 6) stops the first
 * start with an error saying so, before anything of the account is written.
 */
export default async function seedOrganization({ db, adminPassword }: SeedContext): Promise<void> {
  const d = SEED.departments;
  await db
    .insertInto('organize')
    .values([
      { id: SEED.company, parent_id: '-1', category: 'company', en_code: 'KD', full_name: 'KD 箱包有限公司', sort_code: 0 },
      { id: d.purchasing, parent_id: SEED.company, category: 'department', en_code: 'PUR', full_name: '采购部', sort_code: 1 },
      { id: d.production, parent_id: SEED.company, category: 'department', en_code: 'PRD', full_name: '生产部', sort_code: 2 },
      { id: d.quality, parent_id: SEED.company, category: 'department', en_code: 'QC', full_name: '品质部', sort_code: 3 },
      { id: d.it, parent_id: SEED.company, category: 'department', en_code: 'IT', full_name: '信息部', sort_code: 4 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const p = SEED.positions;
  await db
    .insertInto('position')
    .values([
      { id: p.buyer, organize_id: d.purchasing, full_name: '采购员', en_code: 'buyer', sort_code: 1 },
      { id: p.productionLead, organize_id: d.production, full_name: '生产主管', en_code: 'productionLead', sort_code: 2 },
      { id: p.inspector, organize_id: d.quality, full_name: '质检员', en_code: 'inspector', sort_code: 3 },
      { id: p.sysAdmin, organize_id: d.it, full_name: '系统管理员', en_code: 'sysAdmin', sort_code: 4 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('role')
    .values({ id: SEED.adminRole, full_name: '系统管理员', en_code: 'admin', type: 'system', global_mark: 1, description: '拥有全部菜单与按钮权限' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('user_group')
    .values([
      { id: 'group-sampling', full_name: '打样小组', en_code: 'sampling', type: '项目组', sort_code: 1, description: '新款箱包打样' },
      { id: 'group-export', full_name: '外贸跟单组', en_code: 'exportOrders', type: '项目组', sort_code: 2, description: '出口订单跟进' },
      { id: 'group-safety', full_name: '安全生产委员会', en_code: 'safety', type: '委员会', sort_code: 3, description: null },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('sys_config')
    .values({ key: 'tokenTimeout', value: '120' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  const exists = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (exists) return;
  const weak = adminPassword ? await weakPasswordReason(md5Hex(adminPassword), 'admin') : null;
  if (weak) {
    const why = weak === 'account' ? 'it is the account name' : 'it is in the list of common passwords';
    throw new Error(`KD_ADMIN_PASSWORD is refused: ${why}. Set a stronger password (or unset it to get a random one printed once) and start again.`);
  }
  const plain = adminPassword || randomPassword();
  await db
    .insertInto('users')
    .values({
      id: SEED.adminUser,
      account: 'admin',
      real_name: '管理员',
      password: await hashPassword(md5Hex(plain)),
      change_pwd_times: adminPassword ? 1 : 0,
      is_administrator: true,
      organize_id: d.it,
      position_id: p.sysAdmin,
      property_json: '{}',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('user_relation')
    .values([
      { id: randomUUID(), user_id: SEED.adminUser, object_type: 'Role', object_id: SEED.adminRole },
      { id: randomUUID(), user_id: SEED.adminUser, object_type: 'Position', object_id: p.sysAdmin },
      { id: randomUUID(), user_id: SEED.adminUser, object_type: 'Organize', object_id: d.it },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!adminPassword) {
    console.log(
      [
        '',
        '================================================================',
        ' KD Platform: the administrator account was created.',
        `   account:  admin`,
        `   password: ${plain}`,
        ' This is shown once. Change it at the first sign-in.',
        '================================================================',
        '',
      ].join('\n'),
    );
  }
}
