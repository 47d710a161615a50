import { useEffect } from 'react';
import type { DesignerStore } from '../store/DesignerStore';

/** True when the key event belongs to a text box or a dialog, not to the canvas. */
function typing(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return !!el.closest('input, textarea, select, [contenteditable="true"], .ant-modal, .ant-select-dropdown, .kd-designer-props');
}

/**
 * The designer's keys (issue 13 item 1), on the whole page while it is open: arrows move the selection, Delete (or
 * Backspace) removes the selected field, Ctrl/Cmd+C copies it, Ctrl/Cmd+V pastes after it, Ctrl/Cmd+Z undoes and
 * Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes. Keys typed in inputs, the property panel and dialogs are left alone.
 */
export function useDesignerKeys(store: DesignerStore, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const mod = e.ctrlKey || e.metaKey;
      const selected = store.getSnapshot().selected;
      const key = e.key.toLowerCase();
      let handled = true;
      if (mod && key === 'z') e.shiftKey ? store.redo() : store.undo();
      else if (mod && key === 'y') store.redo();
      else if (mod && key === 'c') handled = selected !== null && store.copyToClipboard(selected);
      else if (mod && key === 'v') handled = store.paste() !== null;
      else if (mod) handled = false;
      else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') store.selectNext(-1);
      else if (e.key === 'ArrowDown' || e.key === 'ArrowRight') store.selectNext(1);
      else if ((e.key === 'Delete' || e.key === 'Backspace') && selected !== null) store.remove(selected);
      else if (e.key === 'Escape') store.select(null);
      else handled = false;
      if (handled) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, enabled]);
}
