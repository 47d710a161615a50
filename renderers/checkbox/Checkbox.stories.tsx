import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'scopes', '经营范围', {}, {
  __slot__: { options: [{ id: 'steel', fullName: '钢材' }, { id: 'plastic', fullName: '塑料' }, { id: 'paint', fullName: '涂料' }] },
});

/** checkbox stories (design.md §3). */
const meta = { title: 'basic/checkbox', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { scopes: ['steel'] } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { scopes: ['plastic', 'paint'] } } };
export const Invalid: Story = { args: { field: { ...field, __config__: { ...field.__config__, required: true } }, formData: { scopes: [] }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
