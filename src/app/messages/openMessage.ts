import type { MessageRow } from '../../api/message';

/** The workflow pages a non-notice message opens (spec 000 §2 "Message drawer"). */
const WORKFLOW_ROUTES = { todo: '/workFlow/flowTodo', circulate: '/workFlow/flowCirculate', launch: '/workFlow/flowLaunch' } as const;

/**
 * Where opening a message leads (spec 000 §2, §3 "Message"): `'dialog'` for a type-1 notice (and for any message whose
 * body is not a JSON object, e.g. a type-3 system message with an HTML body), else the workflow page by the body's
 * own type: 2 → to-do, 3 → circulate, otherwise launch.
 */
export function messageTarget(m: Pick<MessageRow, 'type'> & { bodyText?: string }): 'dialog' | string {
  if (m.type === 1) return 'dialog';
  let body: unknown;
  try {
    body = JSON.parse(m.bodyText ?? '');
  } catch {
    return 'dialog';
  }
  if (!body || typeof body !== 'object') return 'dialog';
  const t = Number((body as { type?: unknown }).type);
  return t === 2 ? WORKFLOW_ROUTES.todo : t === 3 ? WORKFLOW_ROUTES.circulate : WORKFLOW_ROUTES.launch;
}
