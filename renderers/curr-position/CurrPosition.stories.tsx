import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'positionId', '所属岗位');

/** currPosition stories (design.md §3): filled by the server, read-only. */
const meta = { title: 'system/currPosition', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new record: not yet filled. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { positionId: 'p1' } } };
export const Invalid: Story = { args: { formData: { positionId: 42 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
