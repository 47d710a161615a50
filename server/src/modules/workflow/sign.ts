import type { Action, CompiledFlow, TaskState } from './engine/types';
import { fail } from './messages';

/** A signature: a PNG or JPEG data URL (the task page's signature pad sends PNG). */
const SIGN_IMG = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;

/**
 * The signature rule of an approver node (JNPF `hasSign`, issue 15): an agree or reject (also an agree that adds a
 * signer after) on a node whose properties set `hasSign` must carry `signImg`; any `signImg` sent must be an image
 * data URL. Checked after the engine accepted the action (so a stranger still hears 您不是当前节点的审批人).
 * @throws 400 signRequired (该节点需要手写签名，请先签名), 400 badSign.
 */
export function assertSign(flow: CompiledFlow, state: TaskState, action: Action, signImg: string | null | undefined): void {
  if (signImg && !SIGN_IMG.test(signImg)) throw fail(400, 'badSign');
  if (signImg || (action.type !== 'audit' && action.type !== 'reject')) return;
  const nodeId = state.operators.find((o) => o.id === action.operatorId)?.nodeId;
  const hasSign = nodeId ? flow.nodes[nodeId]?.props.hasSign : undefined;
  if (hasSign === true || hasSign === 1 || hasSign === '1') throw fail(400, 'signRequired');
}
