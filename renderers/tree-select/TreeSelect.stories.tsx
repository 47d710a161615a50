import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const tree = [{ id: 'hq', fullName: '总部', children: [{ id: 'wh1', fullName: '一号仓' }, { id: 'wh2', fullName: '二号仓' }] }];
const field = fieldFrom(def.scaffold, 'warehouse', '仓库', {}, { options: tree });

/** treeSelect stories (design.md §3). */
const meta = { title: 'advanced/treeSelect', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { warehouse: 'wh2' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { warehouse: 'wh1' } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
