import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldStory } from '../_shared/FieldStory';
import type { Answer } from '../_shared/fakeData';
import { fakeData } from '../_shared/fakeData';
import def from './definition';

/** A template record as the 预览 row action loads it. */
const record = { id: 'tpl-1', fullName: '供应商资料卡' };

/** The server's merge of a record (data escaped by the server). */
const answer: Answer = () => {
  return { html: '<h1>供应商 &lt;img src=x onerror=alert(1)&gt;</h1>', pageParam: { paper: 'A5', orientation: 'landscape', mt: 5, mb: 5, ml: 5, mr: 5 }, fullName: '供应商资料卡' };
};

/** printPreview stories (design.md §3). */
const meta = {
  title: 'display/printPreview',
  component: FieldStory,
  args: { field: def.scaffold, data: fakeData({ '/api/system/printDev/Data': answer }), formData: record },
} satisfies Meta<typeof FieldStory>;
export default meta;
type Story = StoryObj<typeof meta>;
export const Basic: Story = {};
/** A read-only (detail) form: the panel still previews (it changes nothing). */
/** The record is outside the caller's scope: the server answers 404 with its message. */
export const Invalid: Story = {
  args: {
    data: fakeData({
      '/api/system/printDev/Data': () => {
        throw new Error('打印模板不存在');
      },
    }),
  },
};
export const ReadOnly: Story = { args: { mode: 'readonly' } };
/** A new template (no id yet): nothing to preview. */
export const Unsaved: Story = { args: { formData: { fullName: '新模板' } } };
export const Design: Story = { args: { mode: 'design' } };
