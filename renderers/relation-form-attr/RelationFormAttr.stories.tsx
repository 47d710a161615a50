import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { popupData } from '../_shared/popupFixture';
import { fieldFrom } from '../_shared/stories';
import { supplierField } from '../relation-form/RelationForm.stories';
import def from './definition';

const attr = fieldFrom(def.scaffold, 'supplierContact', '联系人', {}, { relationField: 'supplierId', showField: 'contact' });
const stored = { ...attr, __config__: { ...attr.__config__, isStorage: 1 } };

/** relationFormAttr stories (design.md §3): the contact of the chosen supplier. */
const meta = { title: 'advanced/relationFormAttr', component: FieldStory, args: { fields: [supplierField, attr], data: popupData } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { supplierId: 's1' } } };
/** Stored attribute: its value follows the chosen record. */
export const ReadOnly: Story = { args: { mode: 'readonly', fields: [supplierField, stored], formData: { supplierId: 's2' } } };
/** The owner field does not exist in the form. */
export const Invalid: Story = { args: { fields: [{ ...attr, relationField: 'nope' }] } };
export const Design: Story = { args: { mode: 'design', formData: { supplierId: 's1' } } };
