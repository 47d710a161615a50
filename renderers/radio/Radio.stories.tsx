import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'payType', '结算方式', {}, { __slot__: { options: [{ id: 'cash', fullName: '现结' }, { id: 'month', fullName: '月结' }] } });

/** radio stories (design.md §3). */
const meta = { title: 'basic/radio', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { payType: 'month' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { payType: 'cash' } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
