import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import { fieldFrom } from '../_shared/stories';
import def from './definition';

/** The SQL of a data interface, required, with the hint the data-interface form shows. */
export const sqlField = fieldFrom(def.scaffold, 'query', 'SQL 语句', { required: true }, { hint: '只能是一条 SELECT / WITH 查询；参数写作 @name 或 {name}，执行时绑定', rows: 5 });
const sql = 'select "supplierCode", "supplierName"\nfrom kd_supplier\nwhere "supplierName" like @name';

/** sqlEditor stories (design.md §3). */
const meta = { title: 'advanced/sqlEditor', component: FieldStory, args: { field: sqlField }, excludeStories: ['sqlField'] } satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = { args: { formData: { query: sql } } };
export const ReadOnly: Story = { args: { mode: 'readonly', formData: { query: sql } } };
/** A save the server refused: its SQL-guard message under the field (400, `data.field = 'query'`). */
export const Invalid: Story = {
  args: { formData: { query: 'delete from kd_supplier' }, serverErrors: [{ field: 'query', label: 'SQL 语句', message: '只能是一条 SELECT 查询' }] },
};
export const Design: Story = { args: { mode: 'design' } };
