import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, judgePassword, refusalText, ruleRefusal } from './passwordStrength';

/** The client's password policy (issue 20 item 6), judged as the form does before anything is sent. */
const strict = { ...DEFAULT_PASSWORD_POLICY, passwordLengthMinNumber: 8, containsNumbers: 1, includeLowercaseLetters: 1, includeUppercaseLetters: 1, containsCharacters: 1 };

describe('ruleRefusal', () => {
  it('keeps the spec rule (6–16 letters and digits, both) and lets symbols in only when the policy requires one', () => {
    expect(ruleRefusal('abc12', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'changePassword.rule' });
    expect(ruleRefusal('abc12-xyz', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'changePassword.rule' });
    expect(ruleRefusal('abcdefg123456789x', DEFAULT_PASSWORD_POLICY)).toEqual({ key: 'changePassword.rule' });
    expect(ruleRefusal('abc12-xyZ', strict)).toBeNull();
  });

  it('applies the switches in order: length, digit, lower, upper, symbol; none when the strength switch is off', () => {
    expect(ruleRefusal('aB1-xyz', strict)).toEqual({ key: 'passwordPolicy.minLength', values: { n: 8 } });
    expect(ruleRefusal('ABC12-XYZ', strict)).toEqual({ key: 'passwordPolicy.needLower' });
    expect(ruleRefusal('abc12-xyz', strict)).toEqual({ key: 'passwordPolicy.needUpper' });
    expect(ruleRefusal('abc12xyZW', strict)).toEqual({ key: 'passwordPolicy.needSymbol' });
    expect(ruleRefusal('abc12xyz', { ...strict, passwordStrengthLimit: 0 })).toBeNull();
  });

  it('refuses the account name, trimmed and in any case', () => {
    expect(ruleRefusal('ZHANG3', DEFAULT_PASSWORD_POLICY, ' zhang3 ')).toEqual({ key: 'passwordPolicy.sameAsAccount' });
    expect(ruleRefusal('zhang33', DEFAULT_PASSWORD_POLICY, 'zhang3')).toBeNull();
  });
});

describe('judgePassword (zxcvbn loaded on first use)', () => {
  it('refuses a score under the minimum naming the reason, and accepts a strong password', async () => {
    const weak = await judgePassword('abc12345', DEFAULT_PASSWORD_POLICY, 'admin');
    expect(weak.estimate?.score).toBe(1);
    expect(weak.refusal).toEqual({ key: 'passwordPolicy.tooWeakBecause', values: { reason: 'passwordPolicy.warnings.common' } });
    const text = refusalText((key, values) => `${key}${values ? JSON.stringify(values) : ''}`, weak.refusal!);
    expect(text).toBe('passwordPolicy.tooWeakBecause{"reason":"passwordPolicy.warnings.common"}');
    expect(await judgePassword('Kd7Tq9Wm2x', DEFAULT_PASSWORD_POLICY, 'admin')).toMatchObject({ estimate: { score: 3 }, refusal: null });
    expect((await judgePassword('abc12345', { ...DEFAULT_PASSWORD_POLICY, passwordScoreMin: 0 })).refusal).toBeNull();
  });
});
