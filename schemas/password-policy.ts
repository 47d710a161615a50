/* Shared by server (sysconfig) and client (password forms): one declaration of the policy's keys and defaults. */

/**
 * The password policy of the system settings' security page (issue 20 item 6), under JNPF 3.4.7's sysConfig names
 * (one sys_config row per key, bare key as JNPF's `tokenTimeout`; value a decimal string). A missing or malformed row
 * means the default below. Switches are 0/1:
 * - passwordStrengthLimit: 1 applies the rules below (JNPF's 密码强度限制 switch).
 * - passwordLengthMin + passwordLengthMinNumber: a minimum length (characters, 6–16; the spec's rule stays 6–16).
 * - containsNumbers, includeLowercaseLetters, includeUppercaseLetters, containsCharacters: required character kinds
 *   (containsCharacters = a symbol; it also lets symbols into the spec's letters-and-digits rule).
 * - passwordScoreMin: KD's own, the minimum zxcvbn score (0–4; 0 = no strength check), applied whatever the switch.
 * Only the client can apply these (the wire carries an md5); the server refuses common and account-name passwords.
 */
export const PASSWORD_POLICY_DEFAULTS = {
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 6,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  passwordScoreMin: 2,
} as const;

/** The password policy as GET /api/system/SysConfig/PasswordPolicy answers it (see PASSWORD_POLICY_DEFAULTS). */
export type PasswordPolicy = Record<keyof typeof PASSWORD_POLICY_DEFAULTS, number>;

/** The inclusive range of each policy value; a stored value outside it (or not an integer) reads as the default. */
export const PASSWORD_POLICY_RANGES: Readonly<Record<keyof PasswordPolicy, readonly [number, number]>> = {
  passwordStrengthLimit: [0, 1],
  passwordLengthMin: [0, 1],
  passwordLengthMinNumber: [1, 16],
  containsNumbers: [0, 1],
  includeLowercaseLetters: [0, 1],
  includeUppercaseLetters: [0, 1],
  containsCharacters: [0, 1],
  passwordScoreMin: [0, 4],
};
