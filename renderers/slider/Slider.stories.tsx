import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'discount', '折扣率', {}, { min: 0, max: 50 });

/** slider stories (design.md §3). */
const meta = { title: 'basic/slider', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { discount: 20 } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { discount: 35 } } };
export const Invalid: Story = { args: { formData: { discount: 80 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
export const Range: Story = { args: { field: { ...field, range: true }, formData: { discount: [10, 30] } } };
