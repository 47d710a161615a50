import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'departmentId', '所属部门');

/** currDept stories (design.md §3): filled by the server, read-only. */
const meta = { title: 'system/currDept', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new record: not yet filled. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { departmentId: 'd1' } } };
export const Invalid: Story = { args: { formData: { departmentId: 42 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
