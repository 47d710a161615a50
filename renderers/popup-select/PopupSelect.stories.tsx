import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { popupData } from '../_shared/popupFixture';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

/** A popupSelect over data interface `mat` (materials), storing id and showing fullName. */
export const materialField = fieldFrom(def.scaffold, 'materialId', '物料', {}, {
  interfaceId: 'mat',
  propsValue: 'id',
  relationField: 'fullName',
  columnOptions: [
    { value: 'fullName', label: '物料名称' },
    { value: 'spec', label: '规格' },
  ],
});

/** popupSelect stories (design.md §3). */
const meta = { title: 'advanced/popupSelect', component: FieldStory, args: { field: materialField, data: popupData }, excludeStories: ['materialField'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { materialId: 'm-02' } } };
export const Invalid: Story = { args: { field: { ...materialField, __config__: { ...materialField.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
