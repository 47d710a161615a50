import type { ValueFormatterParams } from 'ag-grid-community';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnItem } from '../../schemas/columns';
import { compileForm } from '../engine/compile';
import { columnField, toColDefs } from './columns';

const words = { yes: '是', no: '否' };
const format = (col: ColumnItem, value: unknown) => {
  const [def] = toColDefs([col], compileForm({ fields: [] }, renderers), renderers, words);
  return (def.valueFormatter as (p: Partial<ValueFormatterParams>) => string)({ value });
};

describe('list-only columns of built-in pages (issue 26: columnField)', () => {
  it('a column with a kdKey and its own options shows option names, translated options included', () => {
    const runScope = { prop: 'runScope', label: '谁可以运行', kdKey: 'select', __slot__: { options: [{ id: 'signedIn', fullName: '所有登录用户' }, { id: 'granted', fullName: '指定的角色和用户' }] } } as ColumnItem;
    expect(format(runScope, 'granted')).toBe('指定的角色和用户');
    expect(format(runScope, 'signedIn')).toBe('所有登录用户');
  });
  it('a createTime column formats the stored milliseconds; a column without kdKey shows the value as text', () => {
    const at = Date.UTC(2026, 0, 5, 8, 30);
    expect(format({ prop: 'creatorTime', label: '创建时间', kdKey: 'createTime' }, at)).toBe(dayjs(at).format('YYYY-MM-DD HH:mm:ss'));
    expect(format({ prop: 'category', label: '分类' }, 'supply')).toBe('supply');
  });
  it('columnField keeps the field props and drops the column layout', () => {
    expect(columnField({ prop: 'kind', label: '类型', kdKey: 'radio', width: 90, sortable: false, __config__: { dataType: 'static' } } as ColumnItem)).toEqual({ __config__: { dataType: 'static', kdKey: 'radio', label: '类型' }, __vModel__: 'kind' });
    expect(columnField({ prop: 'x', label: 'X' })).toBeUndefined();
  });
});
