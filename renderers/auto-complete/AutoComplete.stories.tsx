import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'brand', '品牌', {}, { interfaceId: 'brands', relationField: 'name' });
const data = fakeData({ '/api/system/DataInterface/brands/Actions/List': { list: [{ name: '华为' }, { name: '华硕' }] } });

/** autoComplete stories (design.md §3). */
const meta = { title: 'advanced/autoComplete', component: FieldStory, args: { field, data } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { brand: '小米' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { brand: '联想' } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
