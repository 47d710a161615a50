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
 * Returns a function that goes to list `from` (default `fallback`), after dropping its cached view so that it mounts
 * afresh and lists the rows as they are now (an approved task leaves 待办, a withdrawn one changes state).
 */
export function useBackToList(from: string | null, fallback: string): () => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(() => {
    const path = (from && FLOW_LISTS[from]) || FLOW_LISTS[fallback] || FLOW_LISTS.launch;
    dropCachedView(store, path);
    navigate(path);
  }, [store, navigate, from, fallback]);
}
