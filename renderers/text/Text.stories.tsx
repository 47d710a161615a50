import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import def from './definition';

const field = { ...def.scaffold, content: '请如实填写供应商资料', textStyle: { color: '#ff0000', 'font-size': '14px' } };

/** text stories (design.md §3). */
const meta = { title: 'display/text', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** HTML in the content is shown as text, never interpreted. */
export const Invalid: Story = { args: { field: { ...field, content: '<img src=x onerror=alert(1)>' } } };
export const Design: Story = { args: { mode: 'design' } };
