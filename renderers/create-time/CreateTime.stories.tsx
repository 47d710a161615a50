import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'creatorTime', '创建时间');

/** createTime stories (design.md §3): filled by the server, read-only. */
const meta = { title: 'system/createTime', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new record: not yet filled. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { creatorTime: new Date(2024, 2, 15, 9, 30, 5).getTime() } } };
export const Invalid: Story = { args: { formData: { creatorTime: 'yesterday' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
