import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'remark', '备注', {}, { maxlength: 20, 'show-word-limit': true });

/** textarea stories (design.md §3). */
const meta = { title: 'basic/textarea', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { remark: '首批供货' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { remark: '只读内容' } } };
export const Invalid: Story = { args: { formData: { remark: '这是一段超过二十个字符长度限制的备注内容，需要被拒绝' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
