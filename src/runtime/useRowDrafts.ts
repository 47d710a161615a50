import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import type * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import type { CompiledForm } from '../engine/compile';
import type { MessageLang } from '../engine/validate';
import { currentLanguage } from '../i18n';
import { outgoingRecord } from './compileModel';
import type { RecordSource } from './source';

/** The inline-edit state of list type 4 and its actions. */
export interface RowDrafts {
  /** Unsaved edits by record id. */
  drafts: Map<string, Record<string, unknown>>;
  /** Field messages of the last failed save, by record id. */
  errors: Record<string, Record<string, string>>;
  edit: (id: string, field: string, value: unknown) => void;
  /** Validates the edited row (the form's schema, as the server does) and saves it with the update call. */
  save: (id: string) => Promise<void>;
  revert: (id: string) => void;
}

/**
 * Inline editing of list type 4 (spec 001 §2; issue 4 item 3): edits collect per row; 保存 validates the whole record
 * with the engine (the rule's message or `X不能为空` on the cell, the first one toasted), then sends
 * the source's update (a model's `POST OnlineDev/App/{id}/{recordId}`); a server 400 marks the fields of its `errors`. Success toasts the server's msg
 * and calls `onSaved` (the list reloads).
 */
/** The engine's validator (ajv), loaded with the first inline edit rather than with the list (issue 26, B26). */
let validator: Promise<typeof import('../engine/validate')> | null = null;
const loadValidator = () => (validator ??= import('../engine/validate'));

export function useRowDrafts(source: RecordSource, compiled: CompiledForm, rows: readonly onlineDev.ModelData[], onSaved: () => void): RowDrafts {
  const [drafts, setDrafts] = useState<Map<string, Record<string, unknown>>>(new Map());
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  // The edits live in a ref updated at once (the grid shows an edited cell before React renders again, and 保存 may
  // be clicked in between); the state copy only drives rendering. Cells keep the callbacks they were rendered with,
  // so save reads everything else through a ref too.
  const current = useRef(drafts);
  const latest = useRef({ rows, compiled, source, onSaved });
  latest.current = { rows, compiled, source, onSaved };
  const commit = useCallback((next: Map<string, Record<string, unknown>>) => {
    current.current = next;
    setDrafts(next);
  }, []);
  const edit = useCallback(
    (id: string, field: string, value: unknown) => {
      void loadValidator();
      const old = current.current;
      commit(new Map(old).set(id, { ...(old.get(id) ?? {}), [field]: value }));
    },
    [commit],
  );
  const revert = useCallback(
    (id: string) => {
      const next = new Map(current.current);
      next.delete(id);
      commit(next);
      setErrors(({ [id]: _gone, ...rest }) => rest);
    },
    [commit],
  );
  const save = useCallback(
    async (id: string) => {
      const drafts = current.current;
      const { rows, compiled, source, onSaved } = latest.current;
      const row = rows.find((r) => String(r.id) === id);
      if (!row || !source.update) return;
      const body = outgoingRecord(compiled, { ...row, ...(drafts.get(id) ?? {}) });
      const { validateRecord } = await loadValidator();
      const local = validateRecord(compiled, body, currentLanguage() as MessageLang);
      const mark = (list: Array<{ field: string; message: string }>) => setErrors((old) => ({ ...old, [id]: Object.fromEntries(list.map((e) => [e.field.split(/[.[]/)[0], e.message])) }));
      if (local.length) {
        mark(local);
        toast('error', local[0].message, 1500);
        return;
      }
      try {
        // The version the list showed (issue 27 item 1): a row changed meanwhile merges or is refused (409, toasted).
        const env = await source.update(id, typeof row.version === 'number' ? { ...body, version: row.version } : body);
        toast('success', env.msg, 1500);
        revert(id);
        onSaved();
      } catch (e) {
        if (e instanceof ApiError && e.code === 400) mark((e.data as onlineDev.ValidationFailure | null)?.errors ?? []);
      }
    },
    [revert],
  );
  return { drafts, errors, edit, save, revert };
}
