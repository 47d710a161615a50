// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ResourceBinding } from '../../../schemas/page';
import { ok } from '../../testing/fakeApi';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import { resourceSource, searchParamsOf } from './resource';

/**
 * ResourceList `searchParams` (schemas/page.ts): an area whose list route takes plain filters (the workflow lists'
 * status, urgency and time range) gets the search fields as their own parameters instead of `queryJson`.
 */
const api = fakeApiLifecycle();
const binding: ResourceBinding = {
  list: { method: 'GET', path: '/api/workflow/Engine/FlowLaunch', searchParams: { status: 'status', flowUrgent: 'flowUrgent', creatorTime: ['startTime', 'endTime'] } },
};

describe('search fields as plain list parameters', () => {
  it('maps values and range ends to their parameters, leaving out empty ends and unmapped props', () => {
    expect(searchParamsOf(JSON.stringify({ status: 1, creatorTime: [1000, null], other: 'x' }), binding.list.searchParams ?? {})).toEqual({ status: 1, startTime: 1000 });
    expect(searchParamsOf(JSON.stringify({ creatorTime: [1000, 2000], flowUrgent: 3 }), binding.list.searchParams ?? {})).toEqual({ startTime: 1000, endTime: 2000, flowUrgent: 3 });
    expect(searchParamsOf(undefined, { a: 'a' })).toEqual({});
    expect(searchParamsOf('not json', { a: 'a' })).toEqual({});
  });

  it('the list call carries them as query parameters, without queryJson', async () => {
    api.on('GET /api/workflow/Engine/FlowLaunch', ok({ list: [{ id: 't1' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    const source = resourceSource('workflowLaunch', binding);
    const page = await source.list({ currentPage: 1, pageSize: 20, keyword: '采购', queryJson: JSON.stringify({ status: 2, creatorTime: [5, 9] }) });
    expect(page.list).toEqual([{ id: 't1' }]);
    const q = api.seen.at(-1)?.query;
    expect(Object.fromEntries(q?.entries() ?? [])).toMatchObject({ currentPage: '1', pageSize: '20', keyword: '采购', status: '2', startTime: '5', endTime: '9' });
    expect(q?.has('queryJson')).toBe(false);
  });
});

describe('call actions with a body', () => {
  it('send their constant body as JSON, none without it', async () => {
    api.on('PUT /api/workflow/Engine/FlowLaunch/t1/Actions/Withdraw', ok(null, '操作成功'));
    api.on('POST /api/workflow/Engine/FlowLaunch/Press/t1', ok(null, '操作成功'));
    const source = resourceSource('workflowLaunch', binding);
    await source.run?.({ value: 'withdraw', label: '撤回', kind: 'call', method: 'PUT', path: '/api/workflow/Engine/FlowLaunch/{id}/Actions/Withdraw', body: {} }, { id: 't1' });
    expect(api.seen.at(-1)?.body).toBe('{}');
    await source.run?.({ value: 'press', label: '催办', kind: 'call', path: '/api/workflow/Engine/FlowLaunch/Press/{id}' }, { id: 't1' });
    expect(api.seen.at(-1)?.body).toBe('');
  });
});
