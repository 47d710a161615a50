import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'validity', '有效期');
/** 2024-01-01 and 2024-12-31, local midnight (ms). */
export const RANGE = [new Date(2024, 0, 1).getTime(), new Date(2024, 11, 31).getTime()];

/** dateRange stories (design.md §3). */
const meta = { title: 'basic/dateRange', component: FieldStory, args: { field }, excludeStories: ['RANGE'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { validity: RANGE } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { validity: RANGE } } };
export const Invalid: Story = { args: { formData: { validity: [RANGE[1], RANGE[0]] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
