import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'contract', '合同附件', {}, { limit: 2, fileSize: 1, sizeUnit: 'MB' });
const stored = [{ name: '合同.pdf', fileId: 'f1', url: '/api/file/Download/annex/2024/01/f1' }];

/** uploadFz stories (design.md §3). */
const meta = { title: 'basic/uploadFz', component: FieldStory, args: { field, data: fakeData({}) } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { contract: stored } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { contract: stored } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
