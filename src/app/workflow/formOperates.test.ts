import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../../../schemas/form';
import { applyFormOperates, writableIds } from './formOperates';

const f = (kdKey: string, vModel: string, children?: unknown[]) => ({ __config__: { kdKey, label: vModel, required: false, ...(children ? { children } : {}) }, __vModel__: vModel });
const form = { fields: [f('comInput', 'title'), f('numInput', 'amount'), f('table', 'items', [f('comInput', 'sku'), f('numInput', 'price')])] } as unknown as FormConfig;
const names = (c: FormConfig): unknown => (c.fields as Array<{ __vModel__: string; __config__: { required?: boolean; children?: unknown[] } }>).map((x) => [x.__vModel__, !!x.__config__.required, ...(x.__config__.children ? [names({ fields: x.__config__.children } as FormConfig)] : [])]);

describe('a node’s field permissions on the task page form', () => {
  it('hides fields without read, makes required ones required, sub-table columns by table-col id', () => {
    const out = applyFormOperates(form, [
      { id: 'amount', read: false, write: false },
      { id: 'title', read: true, write: true, required: true },
      { id: 'items-price', read: false },
    ]);
    expect(names(out)).toEqual([['title', true], ['items', false, [['sku', false]]]]);
    expect(names(form)).toEqual([['title', false], ['amount', false], ['items', false, [['sku', false], ['price', false]]]]);
  });
  it('an approver editing: fields without write are disabled (sub-table columns too), writable ids listed', () => {
    const ops = [
      { id: 'title', read: true, write: true },
      { id: 'items', read: true, write: true },
      { id: 'items-price', read: true, write: false },
    ];
    const out = applyFormOperates(form, ops, true).fields as Array<{ __vModel__: string; disabled?: boolean; __config__: { children?: Array<{ __vModel__: string; disabled?: boolean }> } }>;
    expect(out.map((x) => [x.__vModel__, !!x.disabled])).toEqual([['title', false], ['amount', true], ['items', false]]);
    expect(out[2].__config__.children?.map((x) => [x.__vModel__, !!x.disabled])).toEqual([['sku', false], ['price', true]]);
    expect([...writableIds(ops)]).toEqual(['title', 'items']);
  });
  it('no permissions: the form as it is', () => {
    expect(applyFormOperates(form, [])).toBe(form);
  });
});
