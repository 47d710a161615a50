import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, content: '查看供应商手册', href: 'https://example.com/manual.pdf', target: '_blank' };

/** link stories (design.md §3). */
const meta = { title: 'display/link', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** A `javascript:` address is not made a link (spec 001 §9 allowed schemes). */
export const Invalid: Story = { args: { field: { ...field, href: 'javascript:alert(1)' } } };
export const Design: Story = { args: { mode: 'design' } };
