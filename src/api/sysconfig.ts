import type { PasswordPolicy } from '../../schemas/password-policy';
import { request } from './client';

/**
 * Public shell settings (spec 000 §3 "Config values: a Value field", §1 system name, §9 version 2.1 and port 8093;
 * server: server/src/modules/sysconfig). No session needed: the login page shows the system name.
 * Keys ({a}/{b}): sysName/{zh|en|tw|mas} (on port 8093 the server answers the supply-chain name),
 * supplyName/{lang}, sysInfo/{version|team|company|tagline|copyright}, logo/{login|navigation|icon}
 * ('' = use the built-in image).
 */

/** GET /api/system/sysconfig/{a}/{b} → the Value; rejects with code 404 for an unknown key. */
export async function getSysConfig(a: string, b: string, opts: { silent?: boolean } = {}): Promise<string> {
  const data = await request<{ Value: string }>(`/api/system/sysconfig/${encodeURIComponent(a)}/${encodeURIComponent(b)}`, { silent: opts.silent });
  return data.Value;
}

/** The system name in `lang` (silent: callers fall back to their local names on failure, spec 000 §1). */
export function getSystemName(lang: 'zh' | 'en' | 'tw' | 'mas'): Promise<string> {
  return getSysConfig('sysName', lang, { silent: true });
}

/** The system version ('2.1'); silent, as the about dialog opens even when it fails (spec 000 §2). */
export function getSystemVersion(): Promise<string> {
  return getSysConfig('sysInfo', 'version', { silent: true });
}

/** The about dialog texts at once (team, company, tagline, copyright); a failed item is ''. */
export async function getAboutInfo(): Promise<{ version: string; team: string; company: string; tagline: string; copyright: string }> {
  const keys = ['version', 'team', 'company', 'tagline', 'copyright'] as const;
  const values = await Promise.all(keys.map((k) => getSysConfig('sysInfo', k, { silent: true }).catch(() => '')));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Record<(typeof keys)[number], string>;
}

/** A logo path ('' = use the client's built-in image, spec 000 §8 "logo fetch failure: local default images"). */
export function getLogo(which: 'login' | 'navigation' | 'icon'): Promise<string> {
  return getSysConfig('logo', which, { silent: true }).catch(() => '');
}

/** The password policy (issue 20 item 6), declared once in schemas/password-policy.ts. */
export type { PasswordPolicy } from '../../schemas/password-policy';

/** GET /api/system/SysConfig/PasswordPolicy (signed in; silent: the forms fall back to the built-in defaults). */
export function getPasswordPolicy(): Promise<PasswordPolicy> {
  return request<PasswordPolicy>('/api/system/SysConfig/PasswordPolicy', { silent: true });
}
