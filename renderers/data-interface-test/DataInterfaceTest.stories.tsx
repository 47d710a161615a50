import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Answer } from '../_shared/fakeData';
import { fakeData } from '../_shared/fakeData';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

/** An interface record as the 测试 row action loads it. */
const record = { id: 'di-1', fullName: '供应商查询', dataType: 1, requestParameters: [{ field: 'name', defaultValue: '%宁波%' }] };

/** The interface `di-1` answers suppliers whose name matches `name`; `di-bad` is refused like a timed-out SQL. */
const answer: Answer = (_m, path, body) => {
  if (path.includes('/di-bad/')) throw new Error('SQL 执行失败：canceling statement due to statement timeout');
  const b = (body ?? {}) as { name?: string; pageSize?: number };
  const rows = [
    { supplierCode: 'S0001', supplierName: '宁波面料' },
    { supplierCode: 'S0002', supplierName: '宁波辅料' },
  ].filter((r) => !b.name || r.supplierName.includes(b.name.replaceAll('%', '')));
  return b.pageSize ? { list: rows, pagination: { currentPage: 1, pageSize: b.pageSize, total: rows.length } } : rows;
};

/** dataInterfaceTest stories (design.md §3). */
const meta = {
  title: 'display/dataInterfaceTest',
  component: FieldStory,
  args: { field: def.scaffold, data: fakeData({ '/api/system/DataInterface/': answer }), formData: record },
} satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** A read-only (detail) form: the panel still runs the interface (it changes nothing). */
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** The server refuses the call: its message is shown. */
export const Invalid: Story = { args: { formData: { ...record, id: 'di-bad' } } };
export const Design: Story = { args: { mode: 'design' } };
