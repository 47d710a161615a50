import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'supplierCode', '供应商编码', { regList: [{ pattern: '/^S\\d{4}$/', message: '编码须为S加4位数字' }] }, { maxlength: 10 });

/** comInput stories (design.md §3). */
const meta = { title: 'basic/comInput', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { supplierCode: 'S0001' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { supplierCode: 'S0002' } } };
/** A regList rule's own message. */
export const Invalid: Story = { args: { formData: { supplierCode: 'X1' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
