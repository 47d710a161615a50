import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactToken } from '../../server/src/plugins/token-in-url';
import { createTestApp, type TestApp } from './helpers';

/** The session token that file links carry as `?token=` stays out of logs and Referer headers (issue 3 uploads). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('token in file URLs', () => {
  it('is redacted from logged URLs, other parameters kept', () => {
    expect(redactToken('/api/file/Download/annex/20261121/f1/a.png?token=Bearer%20abc&x=1')).toBe('/api/file/Download/annex/20261121/f1/a.png?token=***&x=1');
    expect(redactToken('/a?x=1&TOKEN=abc#h')).toBe('/a?x=1&TOKEN=***#h');
    expect(redactToken('/a?tokens=1')).toBe('/a?tokens=1');
    expect(redactToken('/api/message/websocket/Bearer%20abc?n=1')).toBe('/api/message/websocket/***?n=1');
    const serializers = (loggerOptions() as { serializers: { req: (r: object) => { url: string; method: string } } }).serializers;
    expect(serializers.req({ method: 'GET', url: '/x?token=secret', hostname: 'h', ip: '127.0.0.1' })).toMatchObject({ method: 'GET', url: '/x?token=***' });
  });

  it('every answer asks the browser not to send its URL to another origin', async () => {
    const token = await t.login();
    for (const url of ['/api/oauth/CurrentUser', `/api/file/Download/annex/20260101/none/x.png?token=${encodeURIComponent(token)}`, '/no-such-path']) {
      const res = await t.app.inject({ method: 'GET', url, headers: url.includes('CurrentUser') ? { authorization: token } : {} });
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});
