import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'region', '所在地区');

/** address stories (design.md §3). */
const meta = { title: 'advanced/address', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { region: ['11', '1101', '110105'] } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { region: ['44', '4403', '440305'] } } };
export const Invalid: Story = { args: { formData: { region: ['11', '1101', '110105', '110105001'] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
