// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { fakeData } from './fakeData';
import { FieldStory } from './FieldStory';
import { fillRecordPath } from './recordPath';
import { renderStory } from './renderStory';

afterEach(cleanup);

describe('fillRecordPath', () => {
  it('fills {name} and {name|fallback} from the record, URL-encoded; null while a value without fallback is missing', () => {
    expect(fillRecordPath('/api/system/DictionaryData/{dictionaryTypeId}/Selector/{id|0}?isTree=1', { dictionaryTypeId: 'a b' })).toBe('/api/system/DictionaryData/a%20b/Selector/0?isTree=1');
    expect(fillRecordPath('/api/system/DictionaryType/Selector/{id|0}', { id: 't1' })).toBe('/api/system/DictionaryType/Selector/t1');
    expect(fillRecordPath('/api/system/DictionaryData/{dictionaryTypeId}/Selector/0', {})).toBeNull();
  });
});

describe('__config__.optionsPath (issue 26)', () => {
  it('a select loads its options from the REST path filled from the record', async () => {
    const log: string[] = [];
    const data = fakeData({ '/api/system/DictionaryType/Selector/t2': { list: [{ id: 't1', fullName: '币种' }] } }, log);
    const fields: FieldConfig[] = [{ __config__: { kdKey: 'select', label: '上级分类', optionsPath: '/api/system/DictionaryType/Selector/{id|0}' }, __vModel__: 'parentId' }];
    await renderStory(createElement(FieldStory, { fields, data, formData: { id: 't2', parentId: 't1' } }));
    await waitFor(() => expect(screen.getByText('币种')).toBeTruthy());
    expect(log).toEqual(['GET /api/system/DictionaryType/Selector/t2']);
  });
  it('its static options come first (顶级 = -1 shows by name)', async () => {
    const data = fakeData({ '/api/system/DictionaryType/Selector/0': { list: [{ id: 't1', fullName: '币种' }] } });
    const fields: FieldConfig[] = [
      { __config__: { kdKey: 'select', label: '上级分类', optionsPath: '/api/system/DictionaryType/Selector/{id|0}' }, __slot__: { options: [{ id: '-1', fullName: '顶级' }] }, __vModel__: 'parentId' },
    ];
    await renderStory(createElement(FieldStory, { fields, data, formData: { parentId: '-1' } }));
    await waitFor(() => expect(screen.getByText('顶级')).toBeTruthy());
  });
});

describe('optionsPath values', () => {
  it('are any id (not limited to the leading static options)', async () => {
    const { compileForm } = await import('../../src/engine/compile');
    const { validateRecord } = await import('../../src/engine/validate');
    const { renderers } = await import('../index');
    const field: FieldConfig = { __config__: { kdKey: 'treeSelect', label: '上级', optionsPath: '/api/system/DictionaryType/Selector/{id|0}' }, __slot__: { options: [{ id: '-1', fullName: '顶级' }] }, __vModel__: 'parentId' };
    expect(validateRecord(compileForm({ fields: [field] }, renderers), { parentId: 't-1' })).toEqual([]);
  });
});
