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
  if (nodeId && isOn(flow.nodes[nodeId]?.props.hasSign)) throw fail(400, 'signRequired');
}

/** A node property set as JNPF writes booleans (true, 1 or '1'). */
function isOn(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

/**
 * The approver's options of a node (JNPF `hasFreeApprover`, `isCustomCopy`; issue 15): adding a signer (before, or
 * after through an agree) needs `hasFreeApprover`; an agree that names CC users (`copyIds`) needs `isCustomCopy`.
 * The task page offers them only then; the server refuses them otherwise. Checked after the engine accepted the action.
 * @throws 400 noAddSigner (该节点不允许加签), 400 noCustomCopy.
 */
export function assertNodeOptions(flow: CompiledFlow, state: TaskState, action: Action): void {
  if (action.type !== 'audit' && action.type !== 'addSigner') return;
  const nodeId = state.operators.find((o) => o.id === action.operatorId)?.nodeId;
  const props = nodeId ? flow.nodes[nodeId]?.props : undefined;
  const addsSigner = action.type === 'addSigner' || !!action.addSignerAfter;
  if (addsSigner && !isOn(props?.hasFreeApprover)) throw fail(400, 'noAddSigner');
  if (action.type === 'audit' && action.copyIds?.length && !isOn(props?.isCustomCopy)) throw fail(400, 'noCustomCopy');
}
