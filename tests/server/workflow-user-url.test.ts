import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveApprovers } from '../../server/src/modules/workflow/engine/resolve';
import type { EngineEnv, TaskState } from '../../server/src/modules/workflow/engine/types';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';
import { orgResolver } from '../../server/src/modules/workflow/org-resolver';
import { createTestApp, type TestApp } from './helpers';
import { approver, org, start } from './workflow-engine-fixtures';

/**
 * Approvers from an interface (issue 15 item 2, assigneeType 9; reference §1: an HTTP GET of getUserUrl answering a
 * handleId comma list): checked at save, resolved through the outbound guard (allowlist, timeout, body cap), the ids
 * limited to enabled users; a refused or failed call resolves to nobody, so the node's errorRule applies.
 */
let t: TestApp;
let erp: Server;
let url: string;
let adminId: string;
const asked: URLSearchParams[] = [];
let answer: unknown = {};

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.app.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  erp = createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://x').searchParams);
    res.setHeader('content-type', 'application/json');
    res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
  });
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(erp.address() as AddressInfo).port}/approvers`;
});
afterAll(async () => {
  await new Promise((r) => erp.close(r));
  await t.close();
});

const env = (): EngineEnv => ({ flowId: 'flow-1', launcherId: adminId, formData: {}, resolver: orgResolver(t.app.db), now: Date.now() }) as unknown as EngineEnv;
const state = {} as TaskState;
const node = (getUserUrl: string) => ({ id: 'erp', name: 'ERP', kind: 'approver', props: { assigneeType: 9, getUserUrl } }) as never;

describe('approvers from an interface (assigneeType 9)', () => {
  it('is refused at save without an http(s) address, and accepted with one', () => {
    const keys = (u: string) => validateFlow(start(approver('A', { assigneeType: 9, getUserUrl: u })), {}).issues.map((i) => i.key);
    expect(keys('ftp://erp.example/approvers')).toContain('issueUserUrl');
    expect(keys('')).toContain('issueUserUrl');
    expect(keys('https://erp.example/approvers')).not.toContain('issueUserUrl');
  });

  it('the engine asks the resolver with the node’s address', async () => {
    expect(await resolveApprovers({ ...env(), resolver: org }, state, node('https://erp.example/approvers'))).toEqual(['pm']);
  });

  it('a loopback address not on the allowlist is refused by the outbound guard: nobody, the ERP never asked', async () => {
    answer = { code: 200, data: { handleId: adminId } };
    expect(await resolveApprovers(env(), state, node(url))).toEqual([]);
    expect(asked).toHaveLength(0);
  });

  it('once allowed, the answer’s handleId names the approvers (enabled users only), asked with the flow, node and launcher', async () => {
    await t.app.db.insertInto('sys_config').values({ key: 'outboundAllowedHosts', value: `127.0.0.1:${(erp.address() as AddressInfo).port}` }).execute();
    answer = { code: 200, data: { handleId: `${adminId},no-such-user` } };
    expect(await resolveApprovers(env(), state, node(url))).toEqual([adminId]);
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ flowId: 'flow-1', nodeId: 'erp', launchUserId: adminId });
    answer = { handleId: [adminId] };
    expect(await resolveApprovers(env(), state, node(url))).toEqual([adminId]);
    answer = 'not json';
    expect(await resolveApprovers(env(), state, node(url))).toEqual([]);
  });
});
