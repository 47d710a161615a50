import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import comInput from '../com-input/definition';
import def from './definition';

const code = fieldFrom(comInput.scaffold, 'batchNo', '批次号');
const field = { ...def.scaffold, staticText: 'KD-2024-0001' };

/** barcode stories (design.md §3). */
const meta = { title: 'advanced/barcode', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** Encodes another field's value. */
export const ReadOnly: Story = { args: { mode: 'readonly', fields: [code, { ...field, dataType: 'relation', relationField: 'batchNo' }], formData: { batchNo: '239001' } } };
/** EAN-13 cannot encode letters. */
export const Invalid: Story = { args: { field: { ...field, format: 'EAN13', staticText: 'ABC' } } };
export const Design: Story = { args: { mode: 'design' } };
