import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import type { Answer } from '../_shared/fakeData';
import { fakeData } from '../_shared/fakeData';
import def from './definition';

let calls = 0;
/** A monitor answer whose figures move with each call (CPU 20 → 30 → 40 %…, memory 55 %, p99 12 ms, 1.5 req/s…). */
export const movingMonitor: Answer = () => {
  calls++;
  return { cpu: { used: 10 + 10 * calls }, memory: { usageRate: 55 }, eventLoop: { p99: 12 }, requests: { perSecond: 1.5 * calls } };
};

/** monitorCharts stories (design.md §3): refreshed every second here. */
const meta = {
  title: 'display/monitorCharts',
  component: FieldStory,
  args: { field: { ...def.scaffold, intervalSeconds: 1 }, data: fakeData({ '/api/system/Monitor': movingMonitor }) },
  excludeStories: ['movingMonitor'],
} satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** The monitor call is refused: its message shows above the (empty) charts. */
export const Invalid: Story = { args: { data: fakeData({}) } };
/** On the designer's canvas: no polling. */
export const Design: Story = { args: { mode: 'design' } };
