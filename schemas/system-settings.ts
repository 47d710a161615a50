/* Shared by server (sysconfig settings routes) and client tests: the editable system settings, one declaration. */
import { PASSWORD_POLICY_DEFAULTS, PASSWORD_POLICY_RANGES } from './password-policy';

/**
 * One numeric setting (a sys_config row under JNPF's key; value a decimal string): its default and inclusive range.
 * `unit` documents what the number counts (minutes, seconds, days, ms, bytes, count, switch = 0/1).
 */
export interface NumericSetting {
  key: string;
  default: number;
  min: number;
  max: number;
  unit: 'minutes' | 'seconds' | 'days' | 'ms' | 'bytes' | 'count' | 'switch' | 'enum';
  /** For `enum`: the allowed values (e.g. lockType 1 | 2). */
  values?: readonly number[];
}

/**
 * The settings groups of 系统配置 (issue 12 item 6 lockout, issue 20 item 6 password policy, issue 27 recycle
 * retention, issue 23 log retention, issue 28 list total cap and list time budget; JNPF 3.4 sysConfig key names where JNPF has one). Each group is one row of the page and one form.
 * Outbound settings (allowlist, timeout, body cap) keep their own validation (lib/outbound/settings.ts) and group.
 */
export const SETTINGS_GROUPS = {
  /** 登录安全: idle timeout, sign-in lockout and image code (modules/oauth/lockout.ts, plugins/auth.ts, oauth/image-code.ts). */
  security: [
    { key: 'tokenTimeout', default: 120, min: 1, max: 10_080, unit: 'minutes' },
    { key: 'passwordErrorsNumber', default: 5, min: 0, max: 50, unit: 'count' },
    { key: 'lockType', default: 2, min: 1, max: 2, unit: 'enum', values: [1, 2] },
    { key: 'lockTime', default: 10, min: 1, max: 1440, unit: 'minutes' },
    // The sign-in image code (JNPF's 图形验证码, server modules/oauth/image-code.ts): off by default; 3–6 characters.
    { key: 'enableVerificationCode', default: 0, min: 0, max: 1, unit: 'switch' },
    { key: 'verificationCodeNumber', default: 4, min: 3, max: 6, unit: 'count' },
  ],
  /** 密码策略: the password policy the password forms apply (schemas/password-policy.ts). */
  password: (Object.keys(PASSWORD_POLICY_DEFAULTS) as Array<keyof typeof PASSWORD_POLICY_DEFAULTS>).map((key) => ({
    key,
    default: PASSWORD_POLICY_DEFAULTS[key],
    min: PASSWORD_POLICY_RANGES[key][0],
    max: PASSWORD_POLICY_RANGES[key][1],
    unit: PASSWORD_POLICY_RANGES[key][1] === 1 ? ('switch' as const) : ('count' as const),
  })),
  /** 数据保留: days a deleted record stays in the recycle bin, days system logs are kept (0 = keep all). */
  retention: [
    { key: 'recycleRetentionDays', default: 30, min: 1, max: 3650, unit: 'days' },
    { key: 'logRetentionDays', default: 90, min: 0, max: 3650, unit: 'days' },
  ],
  /**
   * 列表与搜索 (issue 28 item 2): the cap of list totals (server modules/visualdev/list-total.ts). A filtered total is
   * counted exactly up to this many rows, then answered as "cap+" (total = cap + 1, `totalCapped`). Default 10,000:
   * a capped count reads up to cap + 1 matching rows, so its cost grows linearly with the cap (and a total is counted
   * again after every write that can change it); B18 meets its 100 ms goal on 1M rows with 10,000. Raise it (e.g. to
   * 100,000) where exact totals of large filtered sets matter more than their speed. Bounds 1,000–1,000,000.
   */
  lists: [
    { key: 'listTotalCap', default: 10_000, min: 1_000, max: 1_000_000, unit: 'count' },
    // The budget of one list or search request (issue 28 item 3; visualdev/list-budget.ts).
    { key: 'listTimeoutSeconds', default: 3, min: 1, max: 60, unit: 'seconds' },
  ],
} as const satisfies Record<string, readonly NumericSetting[]>;

/** A settings group id: security | password | retention | lists (and `outbound`, validated by its own module). */
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

/**
 * The JSON Schema of a PUT to group `group`: an object of that group's keys, each an integer in its range (enum values
 * for `enum` settings), no other key. The server validates with it (ajv); the page's form uses the same limits.
 */
export function settingsGroupSchema(group: SettingsGroup): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const s of SETTINGS_GROUPS[group] as readonly NumericSetting[]) {
    properties[s.key] = s.values ? { type: 'integer', enum: [...s.values] } : { type: 'integer', minimum: s.min, maximum: s.max };
  }
  return { type: 'object', properties, additionalProperties: false };
}
