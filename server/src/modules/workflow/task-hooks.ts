import type { Db } from '../../db/types';

/**
 * Task status callbacks (issue 17 item 3): how a business module follows the tasks of "its" flow without the engine
 * knowing the module. A module registers a hook for a flow code (flow_engine.en_code); whenever a task of that flow
 * changes status (task-repository.ts saveTransition: submit 0/3/4 → 1, adopt → 2, reject → 3, withdraw → 4, 反审核 2 → 4, cancel →
 * 5), the hook runs INSIDE the action's transaction with the task row locked, so the bound record and the task move
 * together: a hook that throws rolls the whole action back (its error is the action's answer). Intermediate steps
 * (1 → 1) call nothing. The engine imports no business module; the module imports this file.
 */

/** One status change of a task, as a hook sees it. Status codes: 0 draft, 1 in approval, 2 adopted, 3 rejected, 4 withdrawn, 5 cancelled. */
export interface TaskStatusChange {
  taskId: string;
  flowId: string;
  /** The flow's enCode the hook was registered for. */
  flowCode: string;
  from: number;
  to: number;
  /** The user whose action it was (the last record's handler), null for system actions without a record. */
  actorId: string | null;
  /** That record's opinion, '' when none. */
  opinion: string;
}

/** A hook: runs in `tx` (the action's transaction). Throwing refuses the action. */
export type TaskHook = (tx: Db, change: TaskStatusChange) => Promise<void>;

const hooks = new Map<string, TaskHook[]>();

/**
 * Registers `hook` for the tasks of the flow with enCode `flowCode`. The latest registration of a code is the one
 * called (several app instances in one process, e.g. tests, each register theirs); the returned function removes
 * exactly this registration.
 */
export function onTaskStatus(flowCode: string, hook: TaskHook): () => void {
  const own: TaskHook = (tx, c) => hook(tx, c);
  hooks.set(flowCode, [...(hooks.get(flowCode) ?? []), own]);
  return () => {
    const left = (hooks.get(flowCode) ?? []).filter((h) => h !== own);
    if (left.length) hooks.set(flowCode, left);
    else hooks.delete(flowCode);
  };
}

/** Calls the hook of `change.flowCode`, if any (task-repository.ts, inside the transition's transaction). */
export async function runTaskHooks(tx: Db, change: TaskStatusChange): Promise<void> {
  const hook = hooks.get(change.flowCode)?.at(-1);
  if (hook) await hook(tx, change);
}
