import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'signedOn', '签约日期');
/** 2024-03-15 00:00 local time, as stored (ms). */
export const SIGNED = new Date(2024, 2, 15).getTime();

/** date stories (design.md §3). */
const meta = { title: 'basic/date', component: FieldStory, args: { field }, excludeStories: ['SIGNED'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { signedOn: SIGNED } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { signedOn: SIGNED } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** Date and time with a custom format. */
export const DateTime: Story = { args: { field: { ...field, type: 'datetime', format: 'yyyy-MM-dd HH:mm' }, formData: { signedOn: SIGNED + 9.5 * 3600_000 } } };
