import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'openAt', '营业时间');

/** time stories (design.md §3). */
const meta = { title: 'basic/time', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { openAt: '08:30:00' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { openAt: '17:45:00' } } };
export const Invalid: Story = { args: { formData: { openAt: '25:00' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
