import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { dropCachedView } from '../tabs/atoms';

/** The list each task page was opened from (`from` query value) → its route (the menus of seed/workflow-views-menus.ts). */
export const FLOW_LISTS: Readonly<Record<string, string>> = {
  todo: '/workFlow/flowTodo',
  done: '/workFlow/flowDone',
  circulate: '/workFlow/flowCirculate',
  launch: '/workFlow/flowLaunch',
  monitor: '/workFlow/flowMonitor',
};

/**
 * Returns a function that goes to list `from` (default `fallback`), after dropping the cached views of every workflow
 * list so that each mounts afresh with the rows as they are now (an approved task leaves 待办 and enters 已办, a
 * withdrawn one changes state in 我发起的).
 */
export function useBackToList(from: string | null, fallback: string): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    const path = (from && FLOW_LISTS[from]) || FLOW_LISTS[fallback] || FLOW_LISTS.launch;
    for (const p of Object.values(FLOW_LISTS)) dropCachedView(store, p);
    navigate(path);
  }, [store, navigate, from, fallback]);
}
