import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { sampleQty } from '../_shared/sampleFields';
import { fieldFrom } from '../_shared/stories';
import numInput from '../num-input/definition';
import def from './definition';

const price = fieldFrom(numInput.scaffold, 'price', '单价', { span: 12 });
const amount = fieldFrom(def.scaffold, 'amount', '金额', {}, {
  expression: [{ __vModel__: 'qty', label: '数量' }, '×', { __vModel__: 'price', label: '单价' }, '+', '10'],
  precision: 2,
});

/** calculate stories (design.md §3): 金额 = 数量 × 单价 + 10. */
const meta = { title: 'advanced/calculate', component: FieldStory, args: { fields: [sampleQty, price, amount] } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { qty: 3, price: 2.5 } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { qty: 2, price: 4, amount: 18 } } };
/** An expression breaking the validity rule shows 公式错误. */
export const Invalid: Story = { args: { fields: [sampleQty, { ...amount, expression: [{ __vModel__: 'qty' }, '×'] }], formData: { qty: 1 } } };
export const Design: Story = { args: { mode: 'design' } };
