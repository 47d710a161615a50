import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { renderers } from '../../renderers';
import { compileForm } from './compile';
import { isShown, type ShowWhen } from './showWhen';
import { validateRecord } from './validate';

const f = (showWhen?: ShowWhen): FieldConfig => ({ __config__: { kdKey: 'roleSelect', ...(showWhen ? { showWhen } : {}) }, __vModel__: 'roleIds' });

describe('isShown (__config__.showWhen, issue 26)', () => {
  it('shows a field without a rule', () => {
    expect(isShown(f(), {})).toBe(true);
  });
  it('shows while the other field holds one of the values; 1 and "1" match; a missing value is null', () => {
    const rule = f({ field: 'runScope', in: ['granted', null] });
    expect(isShown(rule, { runScope: 'granted' })).toBe(true);
    expect(isShown(rule, {})).toBe(true);
    expect(isShown(rule, { runScope: 'signedIn' })).toBe(false);
    const byType = f({ field: 'dataType', in: [1] });
    expect(isShown(byType, { dataType: '1' })).toBe(true);
    expect(isShown(byType, { dataType: 3 })).toBe(false);
    expect(isShown(byType, { dataType: [1] })).toBe(false);
  });
});

describe('validateRecord skips hidden fields (issue 26)', () => {
  it('a required field hidden by showWhen is not reported; shown, it is', () => {
    const form = {
      fields: [
        { __config__: { kdKey: 'comInput', label: '类型' }, __vModel__: 'kind' },
        { __config__: { kdKey: 'comInput', label: '接口地址', required: true, showWhen: { field: 'kind', in: ['3'] } }, __vModel__: 'path' },
      ],
    };
    const compiled = compileForm(form, renderers);
    expect(validateRecord(compiled, { kind: '1' })).toEqual([]);
    expect(validateRecord(compiled, { kind: '3' }).map((e) => e.message)).toEqual(['接口地址不能为空']);
  });
  it('reads the rules from the shown record (context), which may hold keys the sent record lacks, e.g. the row id', () => {
    const form = { fields: [{ __config__: { kdKey: 'passwordInput', label: '初始密码', required: true, showWhen: { field: 'id', in: [null] } }, __vModel__: 'password' }] };
    const compiled = compileForm(form, renderers);
    expect(validateRecord(compiled, {}).map((e) => e.message)).toEqual(['初始密码不能为空']);
    expect(validateRecord(compiled, {}, 'zh', { id: 'u1' })).toEqual([]);
  });
});
