import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, content: '基本信息' };

/** groupTitle stories (design.md §3). */
const meta = { title: 'layout/groupTitle', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** An unknown position falls back to left. */
export const Invalid: Story = { args: { field: { ...field, 'content-position': 'up' } } };
export const Design: Story = { args: { mode: 'design' } };
