import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const tree = [
  { id: 'raw', fullName: '原材料', children: [{ id: 'steel', fullName: '钢材' }, { id: 'resin', fullName: '树脂' }] },
  { id: 'part', fullName: '零部件', children: [{ id: 'bolt', fullName: '螺栓' }] },
];
const field = fieldFrom(def.scaffold, 'category', '物料分类', {}, { options: tree });

/** cascader stories (design.md §3). */
const meta = { title: 'basic/cascader', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { category: ['raw', 'resin'] } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { category: ['part', 'bolt'] } } };
export const Invalid: Story = { args: { formData: { category: ['raw', 'wood'] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** A tree dictionary as options. */
export const Dictionary: Story = {
  args: {
    field: { ...field, options: [], __config__: { ...field.__config__, dataType: 'dictionary', dictionaryType: 'region' } },
    formData: { category: ['east', 'sh'] },
    data: fakeData({ '/api/system/DictionaryData/region/Data/Selector': { list: [{ id: 'east', fullName: '华东', children: [{ id: 'sh', fullName: '上海' }] }] } }),
  },
};
