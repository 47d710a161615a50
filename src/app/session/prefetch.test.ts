import { afterEach, describe, expect, it } from 'vitest';
import { takePrefetchedUser } from './prefetch';

const w = globalThis as { __kdCurrentUser?: unknown };
const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
afterEach(() => {
  delete w.__kdCurrentUser;
});

describe('CurrentUser prefetched by index.html (issue 5 item 10)', () => {
  it('hands over the data once when asked with the same token and answered with code 200', async () => {
    w.__kdCurrentUser = { token: 'Bearer a', response: answer({ code: 200, data: { userInfo: { userId: 'u1' }, menuList: [] } }) };
    expect(await takePrefetchedUser('Bearer a')).toEqual({ userInfo: { userId: 'u1' }, menuList: [] });
    expect(await takePrefetchedUser('Bearer a')).toBeNull();
  });

  it('gives nothing (the ordinary request then runs) for another token, a session error or a failed exchange', async () => {
    w.__kdCurrentUser = { token: 'Bearer a', response: answer({ code: 200, data: { userInfo: {} } }) };
    expect(await takePrefetchedUser('Bearer b')).toBeNull();
    w.__kdCurrentUser = { token: 'Bearer a', response: answer({ code: 600, msg: 'expired' }) };
    expect(await takePrefetchedUser('Bearer a')).toBeNull();
    w.__kdCurrentUser = { token: 'Bearer a', response: answer({}, 500) };
    expect(await takePrefetchedUser('Bearer a')).toBeNull();
    w.__kdCurrentUser = { token: 'Bearer a', response: Promise.reject(new TypeError('offline')) };
    expect(await takePrefetchedUser('Bearer a')).toBeNull();
    expect(await takePrefetchedUser(null)).toBeNull();
  });
});
