import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, buttonText: '获取报价', align: 'right' };

/** button stories (design.md §3). */
const meta = { title: 'display/button', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** An unknown style falls back to default. */
export const Invalid: Story = { args: { field: { ...field, type: 'rainbow' } } };
export const Design: Story = { args: { mode: 'design' } };
