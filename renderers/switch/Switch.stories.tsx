import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'enabled', '是否启用', {}, { activeTxt: '启用', inactiveTxt: '停用' });

/** switch stories (design.md §3). */
const meta = { title: 'basic/switch', component: FieldStory, args: { field } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { enabled: true } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { enabled: false } } };
export const Invalid: Story = { args: { formData: { enabled: 'yes' }, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
/** JNPF v3's own default switch (generator config.js): `defaultValue: false` beside `active-value: 1` / `inactive-value: 0`. */
export const Jnpf: Story = {
  args: { field: { ...fieldFrom(def.scaffold, 'needInspect', '需要验货', { defaultValue: false }, { activeTxt: '开', inactiveTxt: '关' }), 'active-value': 1, 'inactive-value': 0 }, formData: { needInspect: 1 } },
};
