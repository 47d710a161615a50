import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { sampleName, sampleQty } from '../_shared/sampleFields';
import def from './definition';

const field = { ...def.scaffold, header: '基本资料', __config__: { ...def.scaffold.__config__, children: [sampleName, sampleQty] } };

/** card stories (design.md §3). */
const meta = { title: 'layout/card', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { supplierName: '华东钢铁', qty: 5 } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { supplierName: '华东钢铁' } } };
export const Invalid: Story = { args: { formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
