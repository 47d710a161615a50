// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bufferedFetch, type FakeApi, fail, ok, startFakeApi } from '../testing/fakeApi';
import { ApiError, configureClient, request, requestEnvelope } from './client';
import { login } from './oauth';

/** The rejection of a call that must fail. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError<{ errors: Array<{ field: string }> }>,
  );

let api: FakeApi;
let ended: number[] = [];
let token: string | null = null;
/** The Accept-Language the client sends (the app's current language). */
let lang = 'en-US';

beforeAll(async () => {
  api = await startFakeApi();
  configureClient({ baseUrl: api.url, fetch: bufferedFetch, token: () => token, language: () => lang, onSessionEnd: (c) => ended.push(c) });
});
afterAll(() => api.close());
beforeEach(() => {
  lang = 'en-US';
  api.seen.length = 0;
  ended = [];
  token = null;
  message.destroy();
});

describe('request conventions (spec 000 §7–§8)', () => {
  it('adds n in seconds, Authorization and Accept-Language, and resolves data on code 200', async () => {
    token = 'Bearer abc';
    api.on('GET /api/thing', ok({ a: 1 }));
    const before = Math.floor(Date.now() / 1000);
    await expect(request('/api/thing?x=1')).resolves.toEqual({ a: 1 });
    const r = api.seen[0];
    expect(Number(r.query.get('n'))).toBeGreaterThanOrEqual(before);
    expect(Number(r.query.get('n'))).toBeLessThan(before + 5);
    expect(r.query.get('x')).toBe('1');
    expect(r.headers.authorization).toBe('Bearer abc');
    expect(r.headers['accept-language']).toBe('en-US');
  });

  it('leaves n off the exempt paths (CurrentUser)', async () => {
    api.on('GET /api/oauth/CurrentUser', ok({ menuList: [] }));
    await request('/api/oauth/CurrentUser');
    expect(api.seen[0].query.has('n')).toBe(false);
  });

  it('toasts the message and rejects on a code other than 200', async () => {
    api.on('POST /api/x', fail(400, '供应商编码须为S加4位数字', { errors: [{ field: 'supplierCode', message: 'm' }] }));
    const err = await failure(request('/api/x', { method: 'post', json: {} }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(400);
    expect(err.data?.errors[0].field).toBe('supplierCode');
    expect(await screen.findByText('供应商编码须为S加4位数字')).toBeTruthy();
    expect(ended).toEqual([]);
  });

  it('rejects a transport error (no route: HTTP 404) with 请求出错，请重试', async () => {
    lang = 'zh-CN';
    const err = await failure(request('/api/no-such-route'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.transport).toBe(true);
    expect(err.message).toBe('请求出错，请重试');
    expect(await screen.findByText('请求出错，请重试')).toBeTruthy();
  });

  it('toasts 请求出错，请重试 for an empty message, in the user\'s language (issue 25 item 5)', async () => {
    lang = 'en-US';
    api.on('GET /api/empty', fail(500, ''));
    expect((await failure(request('/api/empty'))).message).toBe('The request failed, please try again');
    expect(await screen.findByText('The request failed, please try again')).toBeTruthy();
    lang = 'zh-CN';
    const err = await failure(request('/api/empty'));
    expect(err.transport).toBe(false);
    expect(err.code).toBe(500);
    expect(await screen.findByText('请求出错，请重试')).toBeTruthy();
  });

  it('ends the session on 600/601/602, except on Login', async () => {
    api.on('GET /api/y', fail(600, '登录过期'));
    await expect(request('/api/y')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual([600]);
    api.on('POST /api/oauth/Login', fail(602, 'bad'));
    await expect(login({ account: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual([600]);
  });

  it('passThrough returns the body untouched without a toast', async () => {
    api.on('GET /api/cfg', fail(404, 'gone'));
    await expect(requestEnvelope('/api/cfg', { passThrough: true })).resolves.toEqual({ code: 404, msg: 'gone', data: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('gone')).toBeNull();
  });

  it('sends Login form-encoded with the md5 of the password and the fixed client fields', async () => {
    api.on('POST /api/oauth/Login', ok({ token: 'Bearer t', theme: null, changePwdTimes: 1 }));
    await expect(login({ account: 'admin', password: '123456' })).resolves.toMatchObject({ token: 'Bearer t' });
    const r = api.seen[0];
    expect(r.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(r.body);
    expect(form.get('account')).toBe('admin');
    expect(form.get('password')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(Object.fromEntries(['client_id', 'client_secret', 'scope', 'grant_type'].map((k) => [k, form.get(k)]))).toEqual({ client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' });
    await waitFor(() => expect(form.get('lang')).toBeTruthy());
  });
});
