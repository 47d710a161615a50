import { describe, expect, it } from 'vitest';
import { compileForm } from './compile';
import { renderers } from '../../renderers';
import { validateRecord } from './validate';
import { catalogueRuleOf, ruleMessage } from './ruleMessages';
import { AMOUNT_TOO_LARGE, catalogue, checkAmount, checkIdCard, checkTimeRange, isExpiryDateDisabled, regEntry, RULES, type RuleName, testRule } from './rules';

const cases: Record<RuleName, { good: string[]; bad: string[] }> = {
  mobile: { good: ['13812345678', '19900000000'], bad: ['12812345678', '1381234567', '138123456789', 'a3812345678'] },
  password: { good: ['abc123', 'A1b2C3d4E5f6G7h8'], bad: ['abcdef', '123456', 'ab12', 'abc123!', 'a1b2c3d4e5f6g7h8i'] },
  idCard: { good: ['11010519491231002X', '110105491231002'], bad: ['11010519491331002X', '1101051949123100', '01010519491231002X'] },
  email: { good: ['a.b@example.com', 'x+y@mail.co.uk'], bad: ['a@b', '@example.com', 'a b@example.com'] },
  plate: { good: ['京A12345', '粤B1234挂', '沪AD12345', '苏E12345F'], bad: ['京I12345', 'AA12345', '京A1234'] },
  chinese: { good: ['中文', '供应商'], bad: ['中文a', 'abc', '中 文'] },
  code: { good: ['A1', 'v1.2.3', 'x'], bad: ['.a', 'a.', 'a-b', ''] },
  account: { good: ['admin', 'a_1', 'Z'], bad: ['1admin', '_a', 'ad-min'] },
  fullName: { good: ['张三', 'Mary Smith', '阿卜杜·热合曼', 'ACME-01'], bad: ['张三!', 'a@b', '<b>'] },
  numeric: { good: ['0', '0123'], bad: ['1.2', 'a1', '-1'] },
  halfTime: { good: ['0', '1', '1.5', '12.0'], bad: ['1.2', '0.25', '-1', '01'] },
  positiveInt: { good: ['1', '250'], bad: ['0', '01', '-1', '1.0'] },
  decimal2: { good: ['0', '12345678.12', '-3.5', '0.01'], bad: ['123456789', '1.234', '01.2'] },
  decimal3: { good: ['1.123', '99999999999.5', '0'], bad: ['1.1234', '1.'] },
  word: { good: ['a_B_1'], bad: ['a-b', 'a b', '中'] },
  halfHour: { good: ['08:00', '23:30', '00:30'], bad: ['08:15', '24:00', '8:00'] },
  ip: { good: ['192.168.0.1', '255.255.255.255', '0.0.0.0'], bad: ['256.1.1.1', '1.2.3', '01.2.3.4', 'a.b.c.d'] },
};

describe('validation catalogue (spec 001 §5)', () => {
  for (const [name, { good, bad }] of Object.entries(cases) as [RuleName, { good: string[]; bad: string[] }][]) {
    it(`${name}: accepts good and rejects bad examples`, () => {
      for (const g of good) expect(testRule(name, g), `${name} should accept ${g}`).toBe(true);
      for (const b of bad) expect(testRule(name, b), `${name} should reject ${b}`).toBe(false);
    });
  }
  it('password message is the spec text', () => {
    expect(RULES.password.message).toBe('6-16位字符的密码（数字和字母组成）');
  });
  it('identity card checks the check digit', () => {
    expect(checkIdCard('11010519491231002X')).toBeNull();
    expect(checkIdCard('110105194912310021')).toBe(RULES.idCard.message);
  });
  it('time range needs start before end (HH:mm)', () => {
    expect(checkTimeRange('08:00', '17:30')).toBeNull();
    expect(checkTimeRange('17:30', '08:00')).toBe('开始时间必须早于结束时间');
    expect(checkTimeRange('08:00', '08:00')).toBe('开始时间必须早于结束时间');
    expect(checkTimeRange('8:00', '09:00')).toBe('开始时间必须早于结束时间');
  });
  it('amount integer part over 12 digits is too large', () => {
    expect(checkAmount(999999999999.99)).toBeNull();
    expect(checkAmount('1000000000000')).toBe(AMOUNT_TOO_LARGE);
  });
  it('expiry picker disables dates more than a day ago', () => {
    const now = Date.UTC(2024, 0, 10);
    expect(isExpiryDateDisabled(now - 2 * 86400_000, now)).toBe(true);
    expect(isExpiryDateDisabled(now - 3600_000, now)).toBe(false);
  });
  it('every rule works as a field regList entry through the engine (ajv, same as the server)', () => {
    for (const { name, pattern, message } of catalogue()) {
      const form = { fields: [{ __config__: { kdKey: 'comInput', label: 'X', regList: [{ pattern, message }] }, __vModel__: 'x' }] };
      const c = compileForm(form, renderers);
      expect(validateRecord(c, { x: cases[name].good[0] }), name).toEqual([]);
      expect(validateRecord(c, { x: cases[name].bad[0] })[0]?.message, name).toBe(message);
    }
    expect(regEntry('mobile')).toEqual({ pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号码' });
  });
  it('a catalogue rule without a message of its own (or with the catalogue zh one) speaks the caller’s language; a typed one wins (issue 25 item 5)', () => {
    const form = (message: string, pattern = RULES.mobile.pattern) => compileForm({ fields: [{ __config__: { kdKey: 'comInput', label: 'Phone', regList: [{ pattern, message }] }, __vModel__: 'x' }] }, renderers);
    const bad = { x: '123' };
    expect(validateRecord(form(''), bad, 'en')[0].message).toBe('Enter a valid mobile number');
    expect(validateRecord(form(''), bad, 'zh')[0].message).toBe('请输入正确的手机号码');
    expect(validateRecord(form(''), bad, 'tw')[0].message).toBe('請輸入正確的手機號碼');
    expect(validateRecord(form(''), bad, 'mas')[0].message).toBe('Masukkan nombor telefon bimbit yang sah');
    expect(validateRecord(form(RULES.mobile.message, `/${RULES.mobile.pattern}/`), bad, 'en')[0].message).toBe('Enter a valid mobile number');
    expect(validateRecord(form('Ring us on a real number'), bad, 'en')[0].message).toBe('Ring us on a real number');
    // Not a catalogue pattern and no message: the built-in format message in the language.
    expect(validateRecord(form('', '^\\d{4}$'), bad, 'en')[0].message).toBe('Phone has a wrong format');
    for (const lang of ['en', 'tw', 'mas'] as const) for (const name of Object.keys(RULES) as RuleName[]) expect(ruleMessage(name, lang), `${lang} ${name}`).not.toBe(RULES[name].message);
    expect(catalogueRuleOf(`/${RULES.ip.pattern}/`)).toBe('ip');
  });
});
