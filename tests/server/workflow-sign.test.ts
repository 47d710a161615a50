import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * The signature rule of an approver node (issue 15, JNPF `hasSign`) against the real app: on a node that requires a
 * signature, 周强's agree or reject without `signImg` is refused (该节点需要手写签名，请先签名) and changes nothing; a
 * `signImg` that is not an image data URL is refused; a stranger still hears 您不是当前节点的审批人; an agree with the
 * signature passes and the record carries it. A node without the flag takes an agree without a signature.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
const SIGN = 'data:image/png;base64,iVBORw0KGgo=';
let flowId = '';
const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok[who] })).data.list as Array<Record<string, string>>;
const launch = async (title: string) => (await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: title, formData: { title, amount: 1 }, status: 0 } })).data.id as string;
const opOf = async (who: string, taskId: string) => (await todo(who)).find((r) => r.processId === taskId)?.id as string;
const post = (who: string, path: string, payload: Record<string, unknown>) => s.t.call('POST', `${W}/FlowBefore/${path}`, { token: tok[who], payload });

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang', 'wangfang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  const tree = node('start', 'start', { title: '发起人' }, approver('signed', { title: '签字审批', approvers: [demoUserId('zhouqiang')], hasSign: true, rejectStep: '0' }, approver('plain', { title: '复核', approvers: [demoUserId('wangfang')] })));
  flowId = await releasedFlow(s.t, s.token, 'signReq', tree);
});

describe('a node that requires a signature', () => {
  it('refuses an agree or reject without one, or with a non-image one; takes a signed agree and keeps the image', async () => {
    const taskId = await launch('签字一');
    const op = await opOf('zhouqiang', taskId);
    expect(await post('wangfang', `Audit/${op}`, {})).toMatchObject({ code: 400, msg: '您不是当前节点的审批人' });
    expect(await post('zhouqiang', `Audit/${op}`, { handleOpinion: '可以' })).toMatchObject({ code: 400, msg: '该节点需要手写签名，请先签名' });
    expect(await post('zhouqiang', `Reject/${op}`, { handleOpinion: '不行' })).toMatchObject({ code: 400, msg: '该节点需要手写签名，请先签名' });
    expect(await post('zhouqiang', `freeApprover/${op}`, { freeApproverUserId: demoUserId('chenjing'), freeApproverType: 2 })).toMatchObject({ code: 400, msg: '该节点需要手写签名，请先签名' });
    expect(await post('zhouqiang', `Audit/${op}`, { signImg: 'javascript:alert(1)' })).toMatchObject({ code: 400, msg: '签名图片格式不正确' });
    expect(await opOf('zhouqiang', taskId)).toBe(op);
    expect(await post('zhouqiang', `Audit/${op}`, { handleOpinion: '可以', signImg: SIGN })).toMatchObject({ code: 200, data: { taskId, status: 1 } });
    // The next node does not ask for one.
    expect(await post('wangfang', `Audit/${await opOf('wangfang', taskId)}`, { handleOpinion: '复核过' })).toMatchObject({ code: 200, data: { status: 2 } });
    const detail = (await s.t.call('GET', `${W}/FlowBefore/${taskId}`, { token: tok.lina })).data;
    expect(detail.flowTaskOperatorRecordList.map((r: { nodeName: string; handleStatus: number; signImg: string | null }) => [r.nodeName, r.handleStatus, r.signImg])).toEqual([
      ['发起人', 2, null],
      ['签字审批', 1, SIGN],
      ['复核', 1, null],
    ]);
  });

  it('takes a signed reject (back to the launcher) with the image on the record', async () => {
    const taskId = await launch('签字二');
    const op = await opOf('zhouqiang', taskId);
    expect(await post('zhouqiang', `Reject/${op}`, { handleOpinion: '重填', signImg: SIGN })).toMatchObject({ code: 200, data: { status: 3 } });
    const detail = (await s.t.call('GET', `${W}/FlowBefore/${taskId}`, { token: tok.lina })).data;
    expect(detail.flowTaskOperatorRecordList.at(-1)).toMatchObject({ handleStatus: 0, handleOpinion: '重填', signImg: SIGN });
  });

  it('refuses adding a signer or choosing CC on a node that does not allow them (hasFreeApprover, isCustomCopy)', async () => {
    const taskId = await launch('签字三');
    expect(await post('zhouqiang', `Audit/${await opOf('zhouqiang', taskId)}`, { signImg: SIGN })).toMatchObject({ code: 200 });
    const op = await opOf('wangfang', taskId);
    expect(await post('wangfang', `freeApprover/${op}`, { freeApproverUserId: demoUserId('chenjing'), freeApproverType: 1 })).toMatchObject({ code: 400, msg: '该节点不允许加签' });
    expect(await post('wangfang', `freeApprover/${op}`, { freeApproverUserId: demoUserId('chenjing'), freeApproverType: 2 })).toMatchObject({ code: 400, msg: '该节点不允许加签' });
    expect(await post('wangfang', `Audit/${op}`, { copyIds: demoUserId('chenjing') })).toMatchObject({ code: 400, msg: '该节点不允许审批人选择抄送人' });
    expect(await opOf('wangfang', taskId)).toBe(op);
    expect(await post('wangfang', `Audit/${op}`, { handleOpinion: '复核过' })).toMatchObject({ code: 200, data: { status: 2 } });
  });
});
