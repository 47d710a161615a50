import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { popupData } from '../_shared/popupFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

/** A relationForm to model m1 (suppliers), showing supplierName. */
export const supplierField = fieldFrom(def.scaffold, 'supplierId', '供应商', {}, {
  modelId: 'm1',
  relationField: 'supplierName',
  columnOptions: [
    { value: 'supplierName', label: '供应商名称' },
    { value: 'contact', label: '联系人' },
  ],
});

/** relationForm stories (design.md §3). */
const meta = { title: 'advanced/relationForm', component: FieldStory, args: { field: supplierField, data: popupData }, excludeStories: ['supplierField'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { supplierId: 's2' } } };
export const Invalid: Story = { args: { field: { ...supplierField, __config__: { ...supplierField.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design', formData: { supplierId: 's1' } } };
