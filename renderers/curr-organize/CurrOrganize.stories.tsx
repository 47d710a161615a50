import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'organizeId', '所属组织');

/** currOrganize stories (design.md §3): filled by the server, read-only. */
const meta = { title: 'system/currOrganize', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new record: not yet filled. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { organizeId: 'c2' } } };
export const Invalid: Story = { args: { formData: { organizeId: 42 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
