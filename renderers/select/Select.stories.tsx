import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'level', '供应商等级', {}, {
  __slot__: { options: [{ id: 'A', fullName: '甲级' }, { id: 'B', fullName: '乙级' }, { id: 'C', fullName: '丙级' }] },
});

/** select stories (design.md §3). */
const meta = { title: 'basic/select', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { level: 'B' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { level: 'A' } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** Multiple choice: the value is an array of ids. */
export const Multiple: Story = { args: { field: { ...field, multiple: true }, formData: { level: ['A', 'C'] } } };
/** Dictionary options: loaded from GET /api/system/DictionaryData/{type}/Data/Selector; the value is the option id. */
export const Dictionary: Story = {
  args: {
    field: { ...field, __config__: { ...field.__config__, dataType: 'dictionary', dictionaryType: 'supplierLevel' }, __slot__: { options: [] } },
    formData: { level: 'd2' },
    data: fakeData({
      '/api/system/DictionaryData/supplierLevel/Data/Selector': { list: [{ id: 'd1', fullName: '战略供应商', enCode: 'S' }, { id: 'd2', fullName: '普通供应商', enCode: 'N' }] },
    }),
  },
};
