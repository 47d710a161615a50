import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fakeData } from '../_shared/fakeData';
import { fieldFrom } from '../_shared/stories';
import comInput from '../com-input/definition';
import numInput from '../num-input/definition';
import def from './definition';

const prefix = fieldFrom(comInput.scaffold, 'prefix', '前缀', { span: 12 });
const digit = fieldFrom(numInput.scaffold, 'digit', '流水位数', { span: 12 });
const start = fieldFrom(numInput.scaffold, 'startNumber', '流水起始', { span: 12 });
const preview = def.scaffold;
/** The server's next number of rule SalesOrder (GET BillRule/BillNumber/SalesOrder/1). */
const data = fakeData({ '/api/system/BillRule/BillNumber/SalesOrder/1': 'SO0042' });

/** billRulePreview stories (design.md §3, issue 26 item 3): the number example follows the rule's fields. */
const meta = { title: 'system/billRulePreview', component: FieldStory, args: { fields: [prefix, digit, start, preview], data } } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
/** A new rule: the example only. */
export const Basic: Story = { args: { formData: { prefix: 'PO', digit: 4, startNumber: 7 } } };
/** A saved rule (it has an id): the server's preview button too. */
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { id: 'r1', enCode: 'SalesOrder', prefix: 'SO', digit: 4, startNumber: 1 } } };
/** Out-of-range parts fall back: no digits → 1, no start → 1. */
export const Invalid: Story = { args: { formData: { prefix: 'X', digit: null, startNumber: null } } };
export const Design: Story = { args: { mode: 'design', formData: { id: 'r1', enCode: 'SalesOrder', prefix: 'SO', digit: 3, startNumber: 5 } } };
