import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { popupData } from '../_shared/popupFixture';
import { fieldFrom } from '../_shared/stories';
import { materialField } from '../popup-select/PopupSelect.stories';
import def from './definition';

const field = fieldFrom(def.scaffold, 'materials', '物料清单', {}, { ...materialField, __vModel__: 'materials', __config__: undefined, multiple: true });
delete (field as Record<string, unknown>).__config__;
const table = { ...field, __config__: { ...def.scaffold.__config__, label: '物料清单' } };

/** popupTableSelect stories (design.md §3): several materials. */
const meta = { title: 'advanced/popupTableSelect', component: FieldStory, args: { field: table, data: popupData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: {} } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { materials: ['m-01', 'm-02'] } } };
export const Invalid: Story = { args: { field: { ...table, __config__: { ...table.__config__, required: true } }, formData: {}, liveValidate: true } };
export const Design: Story = { args: { mode: 'design' } };
