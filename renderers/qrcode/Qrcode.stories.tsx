import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import comInput from '../com-input/definition';
import def from './definition';

const code = fieldFrom(comInput.scaffold, 'supplierCode', '供应商编码');
const field = { ...def.scaffold, staticText: 'https://example.com/s/S0001' };

/** qrcode stories (design.md §3). */
const meta = { title: 'advanced/qrcode', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** Encodes another field's value. */
export const ReadOnly: Story = { args: { mode: 'readonly', fields: [code, { ...field, dataType: 'relation', relationField: 'supplierCode' }], formData: { supplierCode: 'S0002' } } };
/** The related field is empty: nothing to encode. */
export const Invalid: Story = { args: { fields: [code, { ...field, dataType: 'relation', relationField: 'supplierCode' }], formData: {} } };
export const Design: Story = { args: { mode: 'design' } };
