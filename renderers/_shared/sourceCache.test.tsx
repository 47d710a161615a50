// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { noteVersions } from '../../src/api/versions';
import { fakeData } from './fakeData';
import { KdDataContext } from './KdDataContext';
import { interfaceSource, rowOf } from './popupSources';
import { SOURCE_TTL_MS } from './sourceCache';
import { loadOptions, useOptions } from './useOptions';

/** Option and popup caches expire and follow the server's data versions (issue 24 item 6). */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const field = { __config__: { kdKey: 'select', dataType: 'dictionary', dictionaryType: 'level' } } as unknown as FieldConfig;
const PATH = '/api/system/DictionaryData/level/Data/Selector';

/** A dictionary the test edits, served by a fake data access that counts its calls. */
function dictionary() {
  const state = { items: [{ id: 'A', fullName: '普通供应商' }], calls: 0 };
  const data = fakeData({
    [PATH]: () => {
      state.calls += 1;
      return { list: structuredClone(state.items) };
    },
  });
  return { state, data };
}

function Options() {
  const { options } = useOptions(field);
  return <ul>{options.map((o) => <li key={String(o.id)}>{o.fullName}</li>)}</ul>;
}

describe('option cache', () => {
  it('an edited dictionary item appears in a mounted form once the dict version moves', async () => {
    const { state, data } = dictionary();
    noteVersions('dict=100,di=1,perm=1');
    render(
      <KdDataContext.Provider value={data}>
        <Options />
      </KdDataContext.Provider>,
    );
    expect(await screen.findByText('普通供应商')).toBeTruthy();
    state.items = [{ id: 'A', fullName: '重点供应商' }];
    noteVersions('dict=100,di=2,perm=1'); // another area moved: the list stays as it is
    expect(await loadOptions(data, PATH, field)).toMatchObject([{ fullName: '普通供应商' }]);
    act(() => void noteVersions('dict=101,di=2,perm=1'));
    expect(await screen.findByText('重点供应商')).toBeTruthy();
    expect(screen.queryByText('普通供应商')).toBeNull();
  });

  it('reuses a list within the TTL and reloads it past the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { state, data } = dictionary();
    expect(await loadOptions(data, PATH, field)).toMatchObject([{ fullName: '普通供应商' }]);
    state.items = [{ id: 'A', fullName: '重点供应商' }];
    vi.setSystemTime(Date.now() + SOURCE_TTL_MS - 1_000);
    expect(await loadOptions(data, PATH, field)).toMatchObject([{ fullName: '普通供应商' }]);
    expect(state.calls).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await loadOptions(data, PATH, field)).toMatchObject([{ fullName: '重点供应商' }]);
    expect(state.calls).toBe(2);
  });

  it('drops popup rows of a data interface when the di version moves', async () => {
    let name = '华东仓';
    const data = fakeData({ '/api/system/DataInterface/wh/Actions/Info': () => ({ id: 'w1', name }) });
    const source = interfaceSource({ __config__: { kdKey: 'popupSelect' }, interfaceId: 'wh', relationField: 'name' } as unknown as FieldConfig);
    noteVersions('dict=1,di=50,perm=1');
    expect(await rowOf(data, source, 'w1')).toMatchObject({ name: '华东仓' });
    name = '华东一号仓';
    expect(await rowOf(data, source, 'w1')).toMatchObject({ name: '华东仓' });
    noteVersions('dict=1,di=51,perm=1');
    expect(await rowOf(data, source, 'w1')).toMatchObject({ name: '华东一号仓' });
  });
});
