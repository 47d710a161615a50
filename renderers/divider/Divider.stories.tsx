import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, __slot__: { default: '付款信息' }, 'content-position': 'left' };

/** divider stories (design.md §3). */
const meta = { title: 'display/divider', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** An unknown position falls back to center. */
export const Invalid: Story = { args: { field: { ...field, 'content-position': 'diagonal' } } };
export const Design: Story = { args: { mode: 'design' } };
