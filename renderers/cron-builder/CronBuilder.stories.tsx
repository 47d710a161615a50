import type { Meta, StoryObj } from '@storybook/react-vite';
import { fakeData } from '../_shared/fakeData';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

/** The cron of a scheduled job, required, as the 定时任务 form has it. */
export const cronField = fieldFrom(def.scaffold, 'cron', 'Cron 表达式', { required: true });

/**
 * The server's answer (GET /api/scheduletask/NextRuns) for `0 30 8 * * 1,2,3,4,5` in a scheduler running on
 * Asia/Shanghai from 2030-01-06: Monday and Tuesday 08:30 there, 00:30 UTC (the test checks croner agrees).
 */
export const SHANGHAI_RUNS = { timeZone: 'Asia/Shanghai', list: [Date.UTC(2030, 0, 7, 0, 30), Date.UTC(2030, 0, 8, 0, 30)] };

/** cronBuilder stories (design.md §3); without a server (no data access answers) unless the story gives one. */
const meta = { title: 'advanced/cronBuilder', component: FieldStory, args: { field: cronField, data: fakeData({}) }, excludeStories: ['cronField', 'SHANGHAI_RUNS'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** Every weekday at 08:30. */
export const Basic: Story = { args: { formData: { cron: '0 30 8 * * 1,2,3,4,5' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { cron: '0 */15 * * * *' } } };
/** Minute 99 does not exist: the server's refusal shows before saving. */
export const Invalid: Story = { args: { formData: { cron: '0 99 2 * * *' } } };
export const Design: Story = { args: { mode: 'design' } };
/** Inside the app: the runs come from the server and show in its zone (Asia/Shanghai), labelled with it. */
export const ServerZone: Story = { args: { formData: { cron: '0 30 8 * * 1,2,3,4,5' }, data: fakeData({ '/api/scheduletask/NextRuns': SHANGHAI_RUNS }) } };
