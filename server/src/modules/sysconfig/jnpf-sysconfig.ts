import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { type SysConfigInfo, sysConfigInfo } from '../oauth/jnpf-user';
import type { PasswordPolicy } from './defaults';
import { passwordPolicy } from './repository';

/**
 * What JNPF v3.4's web client reads of `GET /api/system/SysConfig` outside the 系统配置 page (wuqingguang0816/Mnxhp
 * src/): layout/components/AppMain.vue:55-62 on every page (`mandatoryModificationOfInitialPassword == 1` with
 * `userInfo.changePasswordDate == null` opens the forced password change), layout/components/ResetPassword.vue:145-151
 * and views/basic/profile/components/Password.vue:158-164 (the password rules: passwordStrengthLimit,
 * passwordLengthMin, passwordLengthMinNumber, containsNumbers, includeLowercaseLetters, includeUppercaseLetters,
 * containsCharacters), plus the shell texts of sysConfigInfo. Only public values: no lockout, retention or outbound
 * setting is in it.
 */
export type JnpfSysConfig = SysConfigInfo &
  PasswordPolicy & {
    /** 1: a user whose password was set or reset by an administrator must change it first (always so here). */
    mandatoryModificationOfInitialPassword: 1;
    /** The sign-in image code: never asked for (there is no setting for it). */
    enableVerificationCode: 0;
    verificationCodeNumber: number;
  };

/** The JnpfSysConfig in `lang`. */
export async function jnpfSysConfig(db: Db, lang: Lang): Promise<JnpfSysConfig> {
  return { ...(await sysConfigInfo(db, lang)), ...(await passwordPolicy(db)), mandatoryModificationOfInitialPassword: 1, enableVerificationCode: 0, verificationCodeNumber: 4 };
}

/**
 * GET /api/system/SysConfig (any signed-in user, also before a due password change; issue 22 item 3) → JnpfSysConfig.
 * Our 系统配置 page lists its groups from GET /api/system/SysConfig/Groups (settings-routes.ts).
 */
const jnpfSysConfigRoute: FastifyPluginAsync = async (app) => {
  app.get('/api/system/SysConfig', { config: { access: 'signedIn', beforePasswordChange: true } }, async (req) => ok(await jnpfSysConfig(app.db, req.lang)));
};

export default jnpfSysConfigRoute;
