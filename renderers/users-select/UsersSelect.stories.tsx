import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { orgData } from '../_shared/orgFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'members', '参与人');

/** usersSelect stories (design.md §3). */
const meta = { title: 'advanced/usersSelect', component: FieldStory, args: { field, data: orgData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { members: ['u1', 'u2'] } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { members: ['u2'] } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
