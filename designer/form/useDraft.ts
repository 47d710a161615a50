import { useEffect, useRef } from 'react';
import type { FormConfig } from '../../schemas/form';
import type { ModelMeta } from '../model/modelApi';

/** A draft kept in local storage while the designer has unsaved changes (issue 13 item 1: a crash loses nothing). */
export interface Draft {
  form: FormConfig;
  meta: ModelMeta;
  /** When it was written (ms). */
  at: number;
}

/** The storage key of a model's draft (`new` for a model not saved yet). */
export const draftKey = (id: string | undefined) => `kd-designer-draft:${id ?? 'new'}`;

/** The stored draft of a model, or null (absent or unreadable). */
export function readDraft(id: string | undefined): Draft | null {
  try {
    const raw = globalThis.localStorage?.getItem(draftKey(id));
    const d = raw ? (JSON.parse(raw) as Draft) : null;
    return d && Array.isArray(d.form?.fields) && d.meta ? d : null;
  } catch {
    return null;
  }
}

/** Forgets a model's draft (after a save, or when the user discards it). */
export function dropDraft(id: string | undefined): void {
  globalThis.localStorage?.removeItem(draftKey(id));
}

/** Writes the draft `delayMs` after the last change while `dirty`; a storage failure (quota) is ignored. */
export function useDraftAutosave(id: string | undefined, form: FormConfig, meta: ModelMeta, dirty: boolean, delayMs = 400): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!dirty) return;
    timer.current = setTimeout(() => {
      try {
        globalThis.localStorage?.setItem(draftKey(id), JSON.stringify({ form, meta, at: Date.now() } satisfies Draft));
      } catch {
        /* quota or private mode: the draft is a convenience */
      }
    }, delayMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [id, form, meta, dirty, delayMs]);
}
