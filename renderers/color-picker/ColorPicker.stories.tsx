import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'brandColor', '品牌色');

/** colorPicker stories (design.md §3). */
const meta = { title: 'basic/colorPicker', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { brandColor: '#1677ff' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { brandColor: '#ff0000' } } };
export const Invalid: Story = { args: { formData: { brandColor: 'red;background:url(x)' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
