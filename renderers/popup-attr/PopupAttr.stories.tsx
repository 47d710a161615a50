import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { popupData } from '../_shared/popupFixture';
import { fieldFrom } from '../_shared/stories';
import { materialField } from '../popup-select/PopupSelect.stories';
import def from './definition';

const attr = fieldFrom(def.scaffold, 'materialSpec', '规格', {}, { relationField: 'materialId', showField: 'spec' });

/** popupAttr stories (design.md §3): the spec of the chosen material. */
const meta = { title: 'advanced/popupAttr', component: FieldStory, args: { fields: [materialField, attr], data: popupData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { materialId: 'm-01' } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { materialId: 'm-02' } } };
/** Nothing chosen yet: empty. */
export const Invalid: Story = { args: { formData: {} } };
export const Design: Story = { args: { mode: 'design', formData: { materialId: 'm-01' } } };
