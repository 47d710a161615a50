import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'lastModifyTime', '修改时间');

/** modifyTime stories (design.md §3): filled by the server, read-only. */
const meta = { title: 'system/modifyTime', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new record: not yet filled. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { lastModifyTime: new Date(2024, 5, 1, 18, 0, 0).getTime() } } };
export const Invalid: Story = { args: { formData: { lastModifyTime: 'yesterday' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
