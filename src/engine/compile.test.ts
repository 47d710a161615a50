import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { compileForm, UnknownKdKeyError } from './compile';
import { validateRecord } from './validate';

const form = {
  fields: [
    {
      __config__: { kdKey: 'comInput', label: '供应商编码', required: true, regList: [{ pattern: '/^S\\d{4}$/', message: '编码须为S加4位数字' }] },
      __vModel__: 'supplierCode',
    },
    { __config__: { kdKey: 'comInput', label: '备注' }, __vModel__: 'remark' },
  ],
};

describe('compileForm + validateRecord', () => {
  it('accepts a valid record and an empty optional field', () => {
    const c = compileForm(form, renderers);
    expect(validateRecord(c, { supplierCode: 'S0001', remark: null })).toEqual([]);
  });
  it('names the field and uses the rule message for a pattern failure', () => {
    const c = compileForm(form, renderers);
    expect(validateRecord(c, { supplierCode: 'X1' })).toEqual([{ field: 'supplierCode', label: '供应商编码', message: '编码须为S加4位数字' }]);
  });
  it('reports a missing required field with the spec message', () => {
    const c = compileForm(form, renderers);
    expect(validateRecord(c, {})[0].message).toBe('供应商编码不能为空');
    expect(validateRecord(c, {}, 'en')[0].message).toBe('供应商编码 cannot be empty');
  });
  it('an optional sub-table may be null (no rows, as records carry it); a required one may not', () => {
    const table = (required: boolean) => ({
      fields: [{ __config__: { kdKey: 'table', label: '默认参数', required, children: [{ __config__: { kdKey: 'comInput', label: '参数名', required: true }, __vModel__: 'field' }] }, __vModel__: 'params' }],
    });
    expect(validateRecord(compileForm(table(false), renderers), { params: null })).toEqual([]);
    expect(validateRecord(compileForm(table(false), renderers), { params: [{}] })).toEqual([{ field: 'params[0].field', label: '参数名', message: '参数名不能为空' }]);
    expect(validateRecord(compileForm(table(true), renderers), { params: null })[0].message).toBe('默认参数不能为空');
  });
  it('refuses an unknown kdKey naming its path', () => {
    expect(() => compileForm({ fields: [{ __config__: { kdKey: 'nope' }, __vModel__: 'x' }] }, renderers)).toThrow(UnknownKdKeyError);
  });
  it('shows an object-valued widget through a field (ui:field), and validates its object', () => {
    const c = compileForm({ fields: [{ __config__: { kdKey: 'permissionTree', label: '权限' }, __vModel__: 'grants' }] }, renderers);
    expect(c.uiSchema.grants).toMatchObject({ 'ui:field': 'permissionTree' });
    expect(validateRecord(c, { grants: { module: ['m1'], button: [] } })).toEqual([]);
    expect(validateRecord(c, { grants: { module: 'm1' } })).toHaveLength(1);
  });
});
