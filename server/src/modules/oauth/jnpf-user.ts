import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { defaultSignImg } from '../current-user/sign-img';
import { PUBLIC_CONFIG_SEED, publicKey } from '../sysconfig/defaults';

/**
 * What JNPF v3.4's web client reads of CurrentUser beyond the spec's members (issue 22 item 2). Read from the client
 * (wuqingguang0816/Mnxhp, src/):
 * - store/modules/user.js:124-241: `routerList` (systems, each with its menus as `children`) is used instead of
 *   `menuList` when present and non-empty, and `userInfo.systemIds` picks the current one (`currentSystem`); with no
 *   routerList the menus are `menuList`. We have one system, so routerList is left out (menuList is the menus).
 * - views/dashboard/index.vue:37 and views/basic/dynamicPortal/index.vue:25: `userInfo.systemIds.filter(o =>
 *   o.currentSystem)[0].id` (the home page is blank without it); layout/components/NavbarRight.vue:36-43 lists the
 *   systems (`icon`, `name`) when there are more than one.
 * - store/modules/user.js:249: `data.sysConfigInfo` (else settings.js:34 defaults) → `sysVersion`, `copyright`,
 *   `sysName`, `logoIcon`, `loginIcon`, `navigationIcon` (login page, sidebar logo, about dialog, AppMain).
 * - components/JNPFCustom/index.vue:138, InputTable/index.vue:713: `userInfo.organizeIdList` (the organisation path,
 *   company first, as the currOrganize cascader's value).
 * - components/SignImgDialog/index.vue:83: `userInfo.signImg` (the user's default saved signature, current-user/sign-img.ts;
 *   '' when none).
 * - layout/components/AppMain.vue:56: `userInfo.changePasswordDate == null` with SysConfig's
 *   `mandatoryModificationOfInitialPassword == 1` opens the forced password change (ours: change_pwd_times 0).
 */

/** The id of our one system (application) in `userInfo.systemIds`. */
export const SYSTEM_ID = 'kd-main';

/** One entry of `userInfo.systemIds`: exactly one has `currentSystem: true`. */
export interface SystemEntry {
  id: string;
  fullName: string;
  /** The same text as fullName (NavbarRight.vue:43 shows `name`). */
  name: string;
  enCode: string;
  icon: string;
  currentSystem: boolean;
}

/** `sysConfigInfo` of CurrentUser: the shell's public texts and logos (JNPF settings.js:34 members). */
export interface SysConfigInfo {
  sysName: string;
  sysVersion: string;
  copyright: string;
  logoIcon: string;
  loginIcon: string;
  navigationIcon: string;
}

/** Public settings by full key (`public.sysName.zh` …), seeded defaults filling what is not stored. */
async function publicSettings(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', keys).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return new Map(keys.map((k) => [k, stored.get(k) ?? PUBLIC_CONFIG_SEED[k] ?? '']));
}

/** The shell's public texts in `lang` (system name, version, copyright) and logo paths ('' = the client's own). */
export async function sysConfigInfo(db: Db, lang: Lang): Promise<SysConfigInfo> {
  const name = publicKey('sysName', lang);
  const keys = [name, publicKey('sysName', 'zh'), publicKey('sysInfo', 'version'), publicKey('sysInfo', 'copyright'), publicKey('logo', 'icon'), publicKey('logo', 'login'), publicKey('logo', 'navigation')];
  const v = await publicSettings(db, keys);
  return {
    sysName: v.get(name) || v.get(publicKey('sysName', 'zh')) || '',
    sysVersion: v.get(publicKey('sysInfo', 'version')) ?? '',
    copyright: v.get(publicKey('sysInfo', 'copyright')) ?? '',
    logoIcon: v.get(publicKey('logo', 'icon')) ?? '',
    loginIcon: v.get(publicKey('logo', 'login')) ?? '',
    navigationIcon: v.get(publicKey('logo', 'navigation')) ?? '',
  };
}

/** `userInfo.systemIds`: our one system, current. */
export function systemIds(info: SysConfigInfo): SystemEntry[] {
  return [{ id: SYSTEM_ID, fullName: info.sysName, name: info.sysName, enCode: 'kd', icon: 'icon-ym icon-ym-systemToggle', currentSystem: true }];
}

/** The organisation path of `organizeId`, root company first, ending with it ([] when none or unknown). */
export function organizePath(orgs: ReadonlyMap<string, { parent_id: string }>, organizeId: string | null | undefined): string[] {
  const path: string[] = [];
  for (let id = organizeId ?? ''; id && orgs.has(id) && path.length < 50; id = orgs.get(id)?.parent_id ?? '') path.unshift(id);
  return path;
}

/** The members of `userInfo` JNPF's client reads that the spec does not name (see the file's comment). */
export interface JnpfUserMembers {
  systemIds: SystemEntry[];
  organizeIdList: string[];
  signImg: string;
  /** null while an initial or reset password must be changed (change_pwd_times 0), else the user's creation time (ms). */
  changePasswordDate: number | null;
}

/** The JnpfUserMembers of user `userId` (the user exists: the session is valid). */
export async function jnpfUserMembers(db: Db, userId: string, info: SysConfigInfo): Promise<JnpfUserMembers> {
  const u = await db.selectFrom('users').select(['organize_id', 'change_pwd_times', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const orgs = new Map((await db.selectFrom('organize').select(['id', 'parent_id']).execute()).map((o) => [o.id, o]));
  return {
    systemIds: systemIds(info),
    organizeIdList: organizePath(orgs, u.organize_id),
    signImg: await defaultSignImg(db, userId),
    changePasswordDate: u.change_pwd_times > 0 ? (toMs(u.created_at) ?? 0) : null,
  };
}
