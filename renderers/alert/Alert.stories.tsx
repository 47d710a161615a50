import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, title: '带*号为必填项', type: 'warning', description: '提交后不可修改', 'show-icon': true };

/** alert stories (design.md §3). */
const meta = { title: 'display/alert', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** An unknown type falls back to info. */
export const Invalid: Story = { args: { field: { ...field, type: 'purple' } } };
export const Design: Story = { args: { mode: 'design' } };
