import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'score', '供应商评分', {}, { 'show-score': true });

/** rate stories (design.md §3). */
const meta = { title: 'basic/rate', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { score: 3 } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { score: 4 } } };
export const Invalid: Story = { args: { formData: { score: 7 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
