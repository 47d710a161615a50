import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'shift', '班次时间', {}, { format: 'HH:mm' });

/** timeRange stories (design.md §3). */
const meta = { title: 'basic/timeRange', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { shift: ['08:00', '17:30'] } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { shift: ['09:00', '18:00'] } } };
export const Invalid: Story = { args: { formData: { shift: ['18:00', '09:00'] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
