import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'billNo', '单据编号', { rule: 'PO' });

/** billRule stories (design.md §3). */
const meta = { title: 'advanced/billRule', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** New record: the server assigns the number on save. */
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { billNo: 'PO20240315000001' } } };
export const Invalid: Story = { args: { formData: { billNo: 12 }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
