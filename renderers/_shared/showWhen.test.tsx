// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { FieldStory } from './FieldStory';
import { renderStory } from './renderStory';

afterEach(cleanup);

/** The run-grants form of a data interface: the pickers show only while runScope is 'granted' (issue 26). */
const fields: FieldConfig[] = [
  {
    __config__: { kdKey: 'radio', label: '谁可以运行', dataType: 'static' },
    __vModel__: 'runScope',
    __slot__: { options: [{ id: 'signedIn', fullName: '所有登录用户' }, { id: 'granted', fullName: '指定的角色和用户' }] },
  },
  { __config__: { kdKey: 'comInput', label: '备注', showWhen: { field: 'runScope', in: ['granted'] } }, __vModel__: 'note' },
];

describe('__config__.showWhen in KdForm', () => {
  it('hides the field while the other field holds another value and shows it again; the value is kept', async () => {
    const seen: Record<string, unknown>[] = [];
    await renderStory(createElement(FieldStory, { fields, formData: { runScope: 'granted', note: '采购' }, onChange: (r) => seen.push(r) }));
    expect((screen.getByLabelText('备注') as HTMLInputElement).value).toBe('采购');
    fireEvent.click(screen.getByLabelText('所有登录用户'));
    await waitFor(() => expect(screen.queryByLabelText('备注')).toBeNull());
    expect(seen.at(-1)).toEqual({ runScope: 'signedIn', note: '采购' });
    fireEvent.click(screen.getByLabelText('指定的角色和用户'));
    await waitFor(() => expect((screen.getByLabelText('备注') as HTMLInputElement).value).toBe('采购'));
  });
});
