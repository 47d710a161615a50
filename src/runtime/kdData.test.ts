// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { kdDataFor } from './kdData';

/** A model page's widgets name the model when they run a data interface (issue 20 item 3). */
const api = fakeApiLifecycle();
const B = '/api/system/DataInterface';

describe('kdDataFor', () => {
  it('adds modelId to data-interface runs only, in the query (GET) or the body (POST)', async () => {
    api.on(`GET ${B}/grades/Actions/Response`, () => ok([{ id: 'g1' }]));
    api.on(`POST ${B}/mat/Actions/List`, () => ok({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }));
    api.on('GET /api/system/DictionaryData/dt/Data/Selector', () => ok({ list: [] }));
    const data = kdDataFor('vd-supplier');
    expect(kdDataFor('vd-supplier')).toBe(data);
    expect(await data.request('GET', `${B}/grades/Actions/Response`)).toEqual([{ id: 'g1' }]);
    await data.request('POST', `${B}/mat/Actions/List`, { keyword: 'a', currentPage: 1 });
    await data.request('GET', '/api/system/DictionaryData/dt/Data/Selector');
    expect(api.seen.find((s) => s.path.endsWith('/Actions/Response'))!.query.get('modelId')).toBe('vd-supplier');
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Actions/List'))!.body)).toEqual({ keyword: 'a', currentPage: 1, modelId: 'vd-supplier' });
    expect(api.seen.find((s) => s.path.includes('DictionaryData'))!.query.get('modelId')).toBeNull();
  });
});
