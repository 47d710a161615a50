import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { type Answer, fakeData } from '../_shared/fakeData';
import def from './definition';

/** A report record as the 预览 row action loads it. */
const record = { id: 'rep-1', fullName: '区域销售' };

const info = {
  fullName: '区域销售',
  parameters: [{ name: 'region', label: '区域', type: 'select', options: [{ id: '华东', fullName: '华东' }, { id: '华南', fullName: '华南' }] }],
  columns: [
    { field: 'region', label: '区域' },
    { field: 'amount', label: '金额', format: 'thousands', align: 'right' },
  ],
};

/** The server's run: rows, a subtotal per region and the grand total; the chart's sums (filtered by the parameter). */
const preview: Answer = (_m, _p, body) => {
  const region = (body as { params?: { region?: string } }).params?.region;
  const all = [
    { __kind: 'row', region: '华东', amount: 1200.5 },
    { __kind: 'row', region: '华东', amount: 300 },
    { __kind: 'subtotal', __level: 1, region: '华东 小计', amount: 1500.5 },
    { __kind: 'row', region: '华南', amount: 800 },
    { __kind: 'subtotal', __level: 1, region: '华南 小计', amount: 800 },
  ];
  const rows = region ? all.filter((r) => String(r.region).startsWith(region)) : all;
  const sum = rows.filter((r) => r.__kind === 'row').reduce((s, r) => s + r.amount, 0);
  return {
    params: { region: region ?? null },
    rows: [...rows, { __kind: 'total', __level: 0, region: '合计', amount: sum }],
    pagination: { currentPage: 1, pageSize: 50, total: rows.filter((r) => r.__kind === 'row').length },
    chart: { type: 'bar', title: '金额（按区域）', categories: region ? [region] : ['华东', '华南'], series: [{ name: '金额', data: region ? [sum] : [1500.5, 800] }] },
  };
};

/** reportView stories (design.md §3). */
const meta = {
  title: 'display/reportView',
  component: FieldStory,
  args: { field: def.scaffold, data: fakeData({ '/api/datareport/Data/rep-1/Info': info, '/api/datareport/Data/rep-1/Preview': preview }), formData: record },
} satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** The server refuses the run (e.g. a refused SQL): its message shows. */
export const Invalid: Story = {
  args: {
    data: fakeData({
      '/api/datareport/Data/rep-1/Info': info,
      '/api/datareport/Data/rep-1/Preview': () => {
        throw new Error('SQL 不能访问 users');
      },
    }),
  },
};
/** A read-only (detail) form: the viewer still runs (it changes nothing). */
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** A new report (no id yet): nothing to run. */
export const Unsaved: Story = { args: { formData: { fullName: '新报表' } } };
export const Design: Story = { args: { mode: 'design' } };
