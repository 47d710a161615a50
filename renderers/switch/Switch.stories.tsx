import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'enabled', '是否启用', {}, { activeTxt: '启用', inactiveTxt: '停用' });

/** switch stories (design.md §3). */
const meta = { title: 'basic/switch', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { enabled: true } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { enabled: false } } };
export const Invalid: Story = { args: { formData: { enabled: 'yes' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
