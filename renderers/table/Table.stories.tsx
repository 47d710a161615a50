import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FieldConfig } from '../../schemas/field';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import calculate from '../calculate/definition';
import comInput from '../com-input/definition';
import numInput from '../num-input/definition';
import def from './definition';

const columns: FieldConfig[] = [
  fieldFrom(comInput.scaffold, 'item', '物料', { required: true }),
  fieldFrom(numInput.scaffold, 'qty', '数量'),
  fieldFrom(numInput.scaffold, 'price', '单价'),
  fieldFrom(calculate.scaffold, 'amount', '金额', {}, { expression: [{ __vModel__: 'qty' }, '×', { __vModel__: 'price' }], precision: 2 }),
];
const field: FieldConfig = { ...def.scaffold, __vModel__: 'lines', 'show-summary': true, __config__: { ...def.scaffold.__config__, label: '采购明细', children: columns } };
const rows = [
  { item: '螺栓', qty: 2, price: 1.005, amount: 2.01 },
  { item: '垫片', qty: 3.333, price: 2, amount: 6.67 },
];

/** table (sub-table) stories (design.md §3). */
const meta = { title: 'advanced/table', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { lines: rows } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { lines: rows } } };
/** A row without its required 物料. */
export const Invalid: Story = { args: { formData: { lines: [{ qty: 1 }] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** 5,000 lines (issue 25 item 1): the body scrolls, only the lines in view are in the page; paste a block from Excel into a cell. */
export const Long: Story = {
  args: { formData: { lines: Array.from({ length: 5000 }, (_, i) => ({ item: `M${String(i + 1).padStart(5, '0')}`, qty: (i % 50) + 1, price: 1.25, amount: Number((((i % 50) + 1) * 1.25).toFixed(2)) })) } },
};
