import Ajv from 'ajv';
import type { FastifyPluginAsync } from 'fastify';
import { SETTINGS_GROUPS, settingsGroupSchema } from '../../../../schemas/system-settings';
import type { Db } from '../../db/types';
import { type Lang, registerMessages, t, translate } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { authorize, modulesByEnCode } from '../../plugins/permissions';
import { imageCodeSetting } from '../oauth/image-code';
import { type SysConfigInfo, sysConfigInfo } from '../oauth/jnpf-user';
import { type PasswordPolicy, publicKey } from './defaults';
import { passwordPolicy } from './repository';
import { readSettingsGroup, writeSettingsGroup } from './settings';

/**
 * What JNPF v3.4's web client reads of `GET /api/system/SysConfig` outside the 系统配置 page (wuqingguang0816/Mnxhp
 * src/): layout/components/AppMain.vue:55-62 on every page (`mandatoryModificationOfInitialPassword == 1` with
 * `userInfo.changePasswordDate == null` opens the forced password change), layout/components/ResetPassword.vue:145-151
 * and views/basic/profile/components/Password.vue:158-164 (the password rules: passwordStrengthLimit,
 * passwordLengthMin, passwordLengthMinNumber, containsNumbers, includeLowercaseLetters, includeUppercaseLetters,
 * containsCharacters), plus the shell texts of sysConfigInfo. Only public values for everyone; the sign-in security
 * values (tokenTimeout, passwordErrorsNumber, lockType, lockTime) only for holders of the 系统配置 menu, whose page
 * (views/system/sysConfig/index.vue:576-593) edits them and sends them back whole.
 */
export type JnpfSysConfig = SysConfigInfo &
  PasswordPolicy & {
    /** 1: a user whose password was set or reset by an administrator must change it first (always so here). */
    mandatoryModificationOfInitialPassword: 1;
    /** The sign-in image code (oauth/image-code.ts): 1 asked for at sign-in, 0 not (the default). */
    enableVerificationCode: 0 | 1;
    /** Its number of characters, 3–6 (default 4). */
    verificationCodeNumber: number;
  } & Partial<Record<'tokenTimeout' | 'passwordErrorsNumber' | 'lockType' | 'lockTime', number>>;

/** The enCode of the 系统配置 menu (as settings-routes.ts SYS_CONFIG_MENU; not imported: that file registers this one). */
const SYS_CONFIG_MENU = 'sysConfig';

/** The JnpfSysConfig in `lang`; `withSecurity` adds the sign-in security values. */
export async function jnpfSysConfig(db: Db, lang: Lang, withSecurity = false): Promise<JnpfSysConfig> {
  const code = await imageCodeSetting(db);
  const base = { ...(await sysConfigInfo(db, lang)), ...(await passwordPolicy(db)), mandatoryModificationOfInitialPassword: 1 as const, enableVerificationCode: code.enabled ? (1 as const) : (0 as const), verificationCodeNumber: code.length };
  return withSecurity ? { ...base, ...(await readSettingsGroup(db, 'security')) } : base;
}

/** The numeric groups a JNPF body may write, by key (its other members are JNPF's own settings we do not hold). */
const GROUP_OF_KEY = new Map<string, 'security' | 'password'>([
  ...SETTINGS_GROUPS.security.map((s) => [s.key, 'security'] as const),
  ...SETTINGS_GROUPS.password.map((s) => [s.key, 'password'] as const),
]);

const ajv = new Ajv({ strict: false, allErrors: true });
const VALIDATORS = { security: ajv.compile(settingsGroupSchema('security')), password: ajv.compile(settingsGroupSchema('password')) };

registerMessages('jnpf-sysconfig', {
  zh: { org: '组织', user: '用户' },
  en: { org: 'Organisations', user: 'Users' },
  mas: { org: 'Organisasi', user: 'Pengguna' },
});

/** `"5"` → 5 (JNPF's inputs may send numbers as strings), a switch's true/false → 1/0; anything else unchanged (the group's schema refuses it). */
const numeric = (v: unknown) => (v === true ? 1 : v === false ? 0 : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v);

/**
 * Writes what a JNPF 系统配置 body holds that we keep: the security and password groups' keys (checked as
 * PUT SysConfig/{group} checks them; nothing is written when one is refused) and `sysName` (the system name in the
 * request's language, ≤ 50 characters). The security group holds the sign-in image code's setting too
 * (`enableVerificationCode` 0/1 or true/false, `verificationCodeNumber` 3–6; oauth/image-code.ts). Returns the refused keys.
 */
export async function writeJnpfSysConfig(db: Db, lang: Lang, body: Record<string, unknown>): Promise<string[]> {
  const groups: Record<'security' | 'password', Record<string, unknown>> = { security: {}, password: {} };
  for (const [k, v] of Object.entries(body)) {
    const g = GROUP_OF_KEY.get(k);
    if (g && v !== undefined && v !== null && v !== '') groups[g][k] = numeric(v);
  }
  const name = typeof body.sysName === 'string' ? body.sysName.trim() : undefined;
  if (name !== undefined && (!name || name.length > 50)) return ['sysName'];
  // Both groups are checked before either is written.
  const bad = (['security', 'password'] as const).flatMap((g) => {
    const validate = VALIDATORS[g];
    return validate(groups[g]) ? [] : (validate.errors ?? []).map((e) => e.instancePath.replace(/^\//, '') || g);
  });
  if (bad.length) return [...new Set(bad)];
  for (const g of ['security', 'password'] as const) if (Object.keys(groups[g]).length) await writeSettingsGroup(db, g, groups[g]);
  if (name) {
    const key = publicKey('sysName', lang);
    await db.insertInto('sys_config').values({ key, value: name }).onConflict((oc) => oc.column('key').doUpdateSet({ value: name })).execute();
  }
  return [];
}

/** One row of `GET /api/system/SynThirdInfo/getSynThirdTotal/{thirdType}` (views/system/sysConfig/index.vue:539-557, :638-642). */
export interface SynThirdTotal {
  synType: string;
  recordTotal: number;
  synDate: number | null;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
}

const THIRD_PARAM = { type: 'object', properties: { thirdType: { type: 'string', enum: ['1', '2'] } }, required: ['thirdType'] } as const;

/**
 * JNPF 系统配置 routes beside our group routes (issue 22; the client's src/api/system/sysConfig.js):
 * - GET /api/system/SysConfig (any signed-in user, also before a due password change; issue 22 item 3) → JnpfSysConfig
 *   (with the security values for holders of the 系统配置 menu). Our page lists its groups from SysConfig/Groups.
 * - PUT /api/system/SysConfig (系统配置 btn_edit; sysConfig.js:12-18, the page's 保存 sends its whole `baseForm`) →
 *   修改成功: writeJnpfSysConfig; a refused value → 400 `{field}格式不正确` naming the keys, nothing written. Members of
 *   JNPF's own (third-party sync, SMS, whitelist, company texts…) are accepted and not kept.
 * - GET /api/system/SynThirdInfo/getSynThirdTotal/{1|2} (系统配置 menu; sysConfig.js:46-51, read as `res.data.map`) →
 *   the 组织 and 用户 rows with zero counts: we sync with neither WeCom (1) nor DingTalk (2).
 */
const jnpfSysConfigRoute: FastifyPluginAsync = async (app) => {
  app.get('/api/system/SysConfig', { config: { access: 'signedIn', beforePasswordChange: true } }, async (req) => {
    const holder = !!req.auth && (await authorize(app.db, req.auth, await modulesByEnCode(app.db, SYS_CONFIG_MENU))).allowed;
    return ok(await jnpfSysConfig(app.db, req.lang, holder));
  });
  app.put<{ Body: Record<string, unknown> }>('/api/system/SysConfig', { config: { access: { menu: SYS_CONFIG_MENU, button: 'btn_edit' } }, schema: { body: { type: 'object' } } }, async (req) => {
    const bad = await writeJnpfSysConfig(app.db, req.lang, req.body ?? {});
    if (bad.length) throw ApiError.of(400, 'invalid', { field: bad.join('; ') }, { field: bad[0] });
    return ok(null, t(req.lang, 'updateOk'));
  });
  app.get('/api/system/SynThirdInfo/getSynThirdTotal/:thirdType', { config: { access: { menu: SYS_CONFIG_MENU } }, schema: { params: THIRD_PARAM } }, async (req) =>
    ok<SynThirdTotal[]>(
      ['org', 'user'].map((k) => ({ synType: translate(req.lang, 'jnpf-sysconfig', k), recordTotal: 0, synDate: null, synSuccessCount: 0, synFailCount: 0, unSynCount: 0 })),
    ),
  );
};

export default jnpfSysConfigRoute;
