/**
 * Public shell settings (spec 000 §1, §2 About dialog, §3 "Config values: a Value field", §9 "Client version 2.1.
 * Port 8093 selects the supply-chain variant"). They live in `sys_config` under `public.{a}.{b}` and are served by
 * GET /api/system/sysconfig/{a}/{b}; only keys of the `public.` namespace are reachable there, so other settings
 * in sys_config (timeouts, password policy) stay private. Migration 0120 seeds these values; an administrator may
 * change them afterwards (a seed never overwrites an existing value).
 *
 * Keys (a/b):
 * - sysName/{zh|en|tw|mas}: system name (page title, login, about).
 * - supplyName/{zh|en|tw|mas}: the supply-chain variant's name (port 8093).
 * - sysInfo/{version|team|company|tagline|copyright}: about dialog.
 * - logo/{login|navigation|icon}: logo image paths; '' means "use the client's built-in image" (spec 000 §8
 *   "logo fetch failure: local default images").
 */

/** The namespace prefix of public keys in sys_config. */
export const PUBLIC_PREFIX = 'public.';

/** The port that presents the supply-chain variant (spec 000 §1, §9). */
export const SUPPLY_CHAIN_PORT = 8093;

/** The seeded public settings, by full sys_config key. */
export const PUBLIC_CONFIG_SEED: Readonly<Record<string, string>> = {
  'public.sysName.zh': 'KD 箱包供应链平台',
  'public.sysName.en': 'KD Bag Supply Chain Platform',
  'public.sysName.tw': 'KD 箱包供應鏈平台',
  'public.sysName.mas': 'Platform Rantaian Bekalan Beg KD',
  'public.supplyName.zh': 'KD 供应链协同系统',
  'public.supplyName.en': 'KD Supply Chain Collaboration System',
  'public.supplyName.tw': 'KD 供應鏈協同系統',
  'public.supplyName.mas': 'Sistem Kolaborasi Rantaian Bekalan KD',
  'public.sysInfo.version': '2.1',
  'public.sysInfo.team': 'KD 平台研发团队',
  'public.sysInfo.company': 'KD 箱包有限公司',
  'public.sysInfo.tagline': '让供应链协同更简单',
  'public.sysInfo.copyright': 'Copyright © KD 箱包有限公司',
  'public.logo.login': '',
  'public.logo.navigation': '',
  'public.logo.icon': '',
};

/** The sys_config key of the public setting `{a}/{b}`. */
export function publicKey(a: string, b: string): string {
  return `${PUBLIC_PREFIX}${a}.${b}`;
}

/** Other spellings of a group name that clients use (`systemName` for sysName). */
export const GROUP_ALIASES: Readonly<Record<string, string>> = { systemName: 'sysName', SysName: 'sysName', sysVersion: 'sysInfo' };

/**
 * The key actually read for `{a}/{b}` on a request that arrived on `port`: aliases are mapped first; on port 8093
 * the system name (`sysName/{lang}`) becomes the supply-chain name (`supplyName/{lang}`); other keys are unchanged.
 */
export function resolveKey(a: string, b: string, port: number | undefined): string {
  const group = GROUP_ALIASES[a] ?? a;
  if (group === 'sysName' && port === SUPPLY_CHAIN_PORT) return publicKey('supplyName', b);
  return publicKey(group, b);
}

export { PASSWORD_POLICY_DEFAULTS, PASSWORD_POLICY_RANGES, type PasswordPolicy } from '../../../../schemas/password-policy';
