// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { RULES } from '../../src/engine/rules';
import billRule from '../bill-rule/definition';
import button from '../button/definition';
import comInput from '../com-input/definition';
import createTime from '../create-time/definition';
import date from '../date/definition';
import dateRange from '../date-range/definition';
import editor from '../editor/definition';
import { renderers } from '../index';
import numInput from '../num-input/definition';
import select from '../select/definition';
import switchDef from '../switch/definition';
import table from '../table/definition';
import textarea from '../textarea/definition';
import time from '../time/definition';
import timeRange from '../time-range/definition';
import uploadFz from '../upload-fz/definition';
import KdForm from './KdForm';
import { settle } from './renderStory';
import { fieldFrom } from './stories';

/**
 * Issue 25 item 5 (one language per screen): a form built from fresh scaffolds, with the model's own labels and
 * options in English, rendered in English shows no Chinese anywhere — not in its text, placeholders, titles or
 * accessible names — before and after a save that fails validation (built messages, sub-table cells included, catalogue
 * regex rules), a switch without texts says On/Off, and an upload over the field's limit is refused in English.
 */
const CJK = /[\u3400-\u9fff]/;
const required = { required: true };
const lines: FieldConfig = {
  ...table.scaffold,
  __vModel__: 'lines',
  'show-summary': true,
  __config__: { ...table.scaffold.__config__, label: 'Lines', children: [fieldFrom(comInput.scaffold, 'item', 'Item', required), fieldFrom(numInput.scaffold, 'qty', 'Quantity')] },
};
const fields: FieldConfig[] = [
  fieldFrom(comInput.scaffold, 'code', 'Supplier code', required),
  // A rule picked from the catalogue (stores no message) and one an older designer copied the zh message into.
  fieldFrom(comInput.scaffold, 'phone', 'Phone', { regList: [{ pattern: RULES.mobile.pattern, message: '' }] }),
  fieldFrom(comInput.scaffold, 'mail', 'Mail', { regList: [{ pattern: `/${RULES.email.pattern}/`, message: RULES.email.message }] }),
  fieldFrom(switchDef.scaffold, 'active', 'Active'),
  fieldFrom(textarea.scaffold, 'remark', 'Remark'),
  fieldFrom(numInput.scaffold, 'amount', 'Amount', required),
  fieldFrom(select.scaffold, 'currency', 'Currency', required, { __slot__: { options: [{ id: 'usd', fullName: 'US dollar' }] } }),
  fieldFrom(date.scaffold, 'day', 'Day', required),
  fieldFrom(time.scaffold, 'at', 'At'),
  fieldFrom(dateRange.scaffold, 'period', 'Period'),
  fieldFrom(timeRange.scaffold, 'hours', 'Hours'),
  fieldFrom(editor.scaffold, 'body', 'Body'),
  fieldFrom(uploadFz.scaffold, 'files', 'Files', {}, { fileSize: 1, sizeUnit: 'KB' }),
  fieldFrom(billRule.scaffold, 'billNo', 'Number'),
  fieldFrom(createTime.scaffold, 'created', 'Created'),
  { ...button.scaffold, __config__: { ...button.scaffold.__config__, label: 'Action' } },
  lines,
];

/** Every text a user meets in `root`: its text and the placeholder, title, aria-label and alt attributes. */
function shownTexts(root: Element): string[] {
  const out = [root.textContent ?? ''];
  for (const el of root.querySelectorAll('[placeholder], [title], [aria-label], [aria-placeholder], [alt]'))
    for (const a of ['placeholder', 'title', 'aria-label', 'aria-placeholder', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a) as string);
  return out;
}

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en', resources: {} });
  await i18next.changeLanguage('en');
});
afterAll(async () => {
  await i18next.changeLanguage('zh');
});
afterEach(cleanup);

describe('a form in English', () => {
  it('shows no Chinese of the app’s own, before and after a refused save', async () => {
    const { container } = await act(async () => render(<KdForm form={{ fields }} registry={renderers} formData={{ lines: [{ qty: 2 }], phone: '123', mail: 'x@' }} lang="en" onSubmit={() => undefined} />));
    await waitFor(() => expect(container.querySelector('form.kd-form')).not.toBeNull(), { timeout: 20000 });
    await settle(20);
    const before = shownTexts(container);
    expect(before.filter((t) => CJK.test(t))).toEqual([]);
    // The translated defaults are there (not merely nothing).
    expect(container.querySelector('#root_code')?.getAttribute('placeholder')).toBe('Please enter');
    expect(container.textContent).toContain('Click to upload');
    expect(container.textContent).toContain('Total');
    expect(container.querySelector('.ant-switch')?.textContent).toBe('OnOff');

    fireEvent.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() => expect(container.textContent).toContain('Supplier code cannot be empty'));
    expect(container.querySelector('.kd-subtable [role="alert"]')?.textContent).toBe('Required');
    // Catalogue rules speak English whether the field stores no message or the catalogue's zh one.
    expect(container.textContent).toContain('Enter a valid mobile number');
    expect(container.textContent).toContain('Enter a valid e-mail address');
    // An upload over the field's limit is refused in English too.
    fireEvent.change(container.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File([new Uint8Array(2048)], 'big.pdf')] } });
    await waitFor(() => expect(container.querySelector('.kd-upload-error')?.textContent).toBe('The file is larger than 1 KB'));
    expect(shownTexts(container).filter((t) => CJK.test(t))).toEqual([]);
  });
});
