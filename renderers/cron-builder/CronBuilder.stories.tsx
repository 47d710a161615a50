import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

/** The cron of a scheduled job, required, as the 定时任务 form has it. */
export const cronField = fieldFrom(def.scaffold, 'cron', 'Cron 表达式', { required: true });

/** cronBuilder stories (design.md §3). */
const meta = { title: 'advanced/cronBuilder', component: FieldStory, args: { field: cronField }, excludeStories: ['cronField'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** Every weekday at 08:30. */
export const Basic: Story = { args: { formData: { cron: '0 30 8 * * 1,2,3,4,5' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { cron: '0 */15 * * * *' } } };
/** Minute 99 does not exist: the server's refusal shows before saving. */
export const Invalid: Story = { args: { formData: { cron: '0 99 2 * * *' } } };
export const Design: Story = { args: { mode: 'design' } };
