import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'photos', '产品图片', {}, { limit: 1 });
const stored = [{ name: 'front.png', fileId: 'p1', url: '/api/file/Download/annexpic/2024/01/p1' }];

/** uploadImg stories (design.md §3). */
const meta = { title: 'basic/uploadImg', component: FieldStory, args: { field, data: fakeData({}) } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { photos: stored } } };
export const Invalid: Story = { args: { formData: { photos: [...stored, { name: 'x.png', fileId: 'p2', url: '' }] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
