import { expect } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';

/** A JSON call of a signed-in test app (helpers.ts signedInTestApp): method, url, payload → the envelope. */
type Call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => Promise<{ code: number; data: any }>;

/** The password of the users these tests create. */
export const PW = 'Stitch#Bag2026';

/** Creates user `account` in org-quality through POST /api/permission/Users; answers its id (expects 200). */
export async function newUser(call: Call, account: string): Promise<string> {
  const r = await call('POST', '/api/permission/Users', { account, realName: `用户${account}`, password: md5Hex(PW), organizeId: 'org-quality' });
  expect(r.code).toBe(200);
  return r.data.id as string;
}

/** Creates dictionary type ver.<code> with one item `one`; answers both ids (expects 200 twice). */
export async function newDictionary(call: Call, code: string): Promise<{ typeId: string; itemId: string }> {
  const type = await call('POST', '/api/system/DictionaryType', { fullName: `版本${code}`, enCode: `ver.${code}`, isTree: 1 });
  expect(type.code).toBe(200);
  const item = await call('POST', '/api/system/DictionaryData', { dictionaryTypeId: type.data.id, fullName: '一号', enCode: 'one' });
  expect(item.code).toBe(200);
  return { typeId: type.data.id, itemId: item.data.id };
}
