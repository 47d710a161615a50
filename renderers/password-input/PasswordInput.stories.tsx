import type { Meta, StoryObj } from '@storybook/react-vite';
import { md5 } from 'js-md5';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'userPassword', '新密码', { required: true });

/** passwordInput stories (design.md §3). */
const meta = { title: 'advanced/passwordInput', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A password already chosen: the value is its md5 hex (the text itself is never kept in the record). */
export const Basic: Story = { args: { formData: { userPassword: md5('Canvas#Bag2026') } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: {} } };
/** Required and empty: the form's own message. */
export const Invalid: Story = { args: { formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
