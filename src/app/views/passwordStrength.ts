import { PASSWORD_POLICY_DEFAULTS } from '../../../schemas/password-policy';
import type { PasswordPolicy } from '../../api/sysconfig';

/**
 * The client's password policy (issue 20 item 6). The wire carries only the md5 of a password, so length, character
 * kinds and strength are judged here, before anything is sent; the server refuses only the account name and common
 * passwords. zxcvbn (@zxcvbn-ts/core with @zxcvbn-ts/language-common, ~400 kB) loads on first use in a chunk of its
 * own, never in the main bundle.
 */

/** The policy when the server's cannot be read: the server's defaults (server/src/modules/sysconfig/defaults.ts). */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { ...PASSWORD_POLICY_DEFAULTS };

/** The password rule of spec 001 §5: 6–16 letters and digits, containing both. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/;
/** The same rule when the policy requires a symbol: printable ASCII symbols are allowed too. */
const PASSWORD_RULE_WITH_SYMBOLS = /^(?=.*\d)(?=.*[A-Za-z])[\x21-\x7e]{6,16}$/;

/** Why a password is refused: an i18next key (PasswordForm translates it) and its values. */
export interface PasswordRefusal {
  key: string;
  values?: Record<string, string | number>;
}

/** The zxcvbn score 0–4 of a password and its warning key (`common`, `sequences`…; null when none). */
export interface StrengthEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
}

/** Scores a password; `userInputs` are words that make it weaker (the account name). */
export type Estimator = (plain: string, userInputs: string[]) => StrengthEstimate;

/**
 * The refusal of the rules that need no dictionary, in this order, or null: the spec's rule (6–16, letters and
 * digits, both; symbols allowed when the policy requires one), then — when passwordStrengthLimit is on — the
 * minimum length and the required kinds (digit, lower, upper, symbol), then the account name (trimmed, any case).
 */
export function ruleRefusal(plain: string, policy: PasswordPolicy, account = ''): PasswordRefusal | null {
  const strict = policy.passwordStrengthLimit === 1;
  const rule = strict && policy.containsCharacters ? PASSWORD_RULE_WITH_SYMBOLS : PASSWORD_RULE;
  if (!rule.test(plain)) return { key: 'changePassword.rule' };
  if (strict) {
    if (policy.passwordLengthMin && plain.length < policy.passwordLengthMinNumber) return { key: 'passwordPolicy.minLength', values: { n: policy.passwordLengthMinNumber } };
    if (policy.containsNumbers && !/\d/.test(plain)) return { key: 'passwordPolicy.needDigit' };
    if (policy.includeLowercaseLetters && !/[a-z]/.test(plain)) return { key: 'passwordPolicy.needLower' };
    if (policy.includeUppercaseLetters && !/[A-Z]/.test(plain)) return { key: 'passwordPolicy.needUpper' };
    if (policy.containsCharacters && !/[^A-Za-z\d]/.test(plain)) return { key: 'passwordPolicy.needSymbol' };
  }
  const name = account.trim().toLowerCase();
  if (name && plain.trim().toLowerCase() === name) return { key: 'passwordPolicy.sameAsAccount' };
  return null;
}

/** The refusal of a score below the policy's minimum (naming zxcvbn's warning when it gives one), or null. */
export function scoreRefusal(estimate: StrengthEstimate, policy: PasswordPolicy): PasswordRefusal | null {
  if (estimate.score >= policy.passwordScoreMin) return null;
  return estimate.warning ? { key: 'passwordPolicy.tooWeakBecause', values: { reason: `passwordPolicy.warnings.${estimate.warning}` } } : { key: 'passwordPolicy.tooWeak' };
}

let estimator: Promise<Estimator> | undefined;

/**
 * Loads zxcvbn (dynamic imports: its own chunk) and builds the estimator once; later calls share it. A failed load
 * is forgotten, so the next call tries again.
 */
export function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
      return (plain: string, userInputs: string[]) => {
        const r = zxcvbn.check(plain, userInputs);
        return { score: r.score, warning: r.feedback.warning };
      };
    },
    (e: unknown) => {
      estimator = undefined;
      throw e;
    },
  );
  return estimator;
}

/** The verdict on a new password: its zxcvbn estimate (null when zxcvbn could not load) and the first refusal. */
export interface PasswordVerdict {
  estimate: StrengthEstimate | null;
  refusal: PasswordRefusal | null;
}

/**
 * Judges `plain` for `account` under `policy`: the rules of ruleRefusal, then the minimum zxcvbn score. When zxcvbn
 * cannot load and the policy asks for a score, the password is refused with passwordPolicy.checkFailed (the user
 * may try again; the server would still refuse common passwords).
 */
export async function judgePassword(plain: string, policy: PasswordPolicy, account = ''): Promise<PasswordVerdict> {
  const ruled = ruleRefusal(plain, policy, account);
  let estimate: StrengthEstimate | null = null;
  try {
    estimate = (await loadEstimator())(plain, account.trim() ? [account.trim()] : []);
  } catch {
    estimate = null;
  }
  if (ruled) return { estimate, refusal: ruled };
  if (!estimate) return { estimate, refusal: policy.passwordScoreMin > 0 ? { key: 'passwordPolicy.checkFailed' } : null };
  return { estimate, refusal: scoreRefusal(estimate, policy) };
}

/** The text of a refusal in the current language, with a warning key in `values.reason` translated too. */
export function refusalText(t: (key: string, values?: Record<string, string | number>) => string, refusal: PasswordRefusal): string {
  const values = { ...refusal.values };
  if (typeof values.reason === 'string') values.reason = t(values.reason);
  return t(refusal.key, values);
}
