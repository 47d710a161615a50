import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'qty', '数量', {}, { min: 1, max: 100, precision: 2 });

/** numInput stories (design.md §3). */
const meta = { title: 'basic/numInput', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { qty: 12.5 } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { qty: 3 } } };
export const Invalid: Story = { args: { formData: { qty: 500 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** A bound bigint column's value beyond 2^53, carried as its decimal text (src/engine/exactNumber.ts). */
export const Exact: Story = { args: { field: fieldFrom(def.scaffold, 'big', '大数', {}, { precision: 0 }), formData: { big: '9007199254740993' }, liveValidate: true } };
