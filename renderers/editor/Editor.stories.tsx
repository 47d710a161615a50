import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'intro', '公司简介');

/** editor stories (design.md §3). */
const meta = { title: 'basic/editor', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { intro: '<p>专业生产<b>钢材</b></p>' } } };
/** Unsafe HTML is sanitised on display. */
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { intro: '<p>简介</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
