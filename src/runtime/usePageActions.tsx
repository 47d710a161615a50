import { App } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageAction } from '../../schemas/page';
import type { Envelope } from '../api/client';
import type { ModelData } from '../api/onlineDev';
import { toast } from '../api/toast';
import { type Downloaded, saveBlob } from '../api/transfer';
import { RUNTIME_NS } from './i18n';
import { fillName, fillPath, type RecordSource } from './source';

/** Options of {@link usePageActions}. */
export interface PageActionsOptions {
  source: RecordSource;
  /** Whether the user holds a button enCode; consulted when `gated` (the column config's useBtnPermission). */
  can: (enCode: string) => boolean;
  gated: boolean;
  /** Reloads the list after a call or an upload. */
  reload: () => void;
  /** Opens a client route (`navigate` actions); without it they are hidden. */
  onNavigate?: (to: string) => void;
  /** Opens a `form`, `dialog` or `page` action (the page view owns those dialogs and drawers); without it they are hidden. */
  onOpen?: (action: PageAction, row?: ModelData) => void;
}

/** The extra actions of a list (schemas/page.ts PageAction): the permitted row and toolbar ones, how to run one, and the hidden file input of uploads. */
export interface PageActions {
  row: PageAction[];
  toolbar: PageAction[];
  run: (action: PageAction, row?: ModelData) => void;
  input: ReactNode;
}

const isEnvelope = (v: Envelope<unknown> | Downloaded): v is Envelope<unknown> => 'code' in v;

/** Whether `file` matches an `accept` list like `.json,.vdd` (extensions only; empty = anything). */
export function accepts(accept: string | undefined, file: File): boolean {
  const exts = (accept ?? '').split(',').map((x) => x.trim().toLowerCase()).filter((x) => x.startsWith('.'));
  return !exts.length || exts.some((x) => file.name.toLowerCase().endsWith(x));
}

/**
 * Runs a built-in page's extra actions (issue 26 item 1): `call` (after `confirm`, `{field}` filled from the row) toasts
 * the answer's msg and reloads; `download` saves the file and toasts 已导出 <file>; `upload` picks a file (checked
 * against `accept`, else 只能上传 … 文件), posts it and toasts the answer (an error for 1 s when code ≠ 200, spec 001 §5
 * Import), then reloads; `navigate` and `form`/`dialog`/`page` go to the page view. Failed calls were toasted by the client.
 */
export function usePageActions({ source, can, gated, reload, onNavigate, onOpen }: PageActionsOptions): PageActions {
  const { t } = useTranslation(RUNTIME_NS);
  const { t: ct } = useTranslation();
  const { modal } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const pending = useRef<PageAction | null>(null);
  const shown = useMemo(() => {
    const ok = (a: PageAction) =>
      (!gated || !a.button || can(a.button)) &&
      (a.kind === 'navigate' ? !!onNavigate && !!a.to : a.kind === 'form' || a.kind === 'dialog' || a.kind === 'page' ? !!onOpen : !!source.run && !!a.path);
    const list = (source.actions ?? []).filter(ok);
    return { row: list.filter((a) => (a.place ?? 'row') === 'row'), toolbar: list.filter((a) => a.place === 'toolbar') };
  }, [source, can, gated, onNavigate, onOpen]);

  const send = useCallback(
    async (a: PageAction, row?: ModelData, picked?: File) => {
      if (!source.run) return;
      try {
        const answer = await source.run(a, row, picked);
        if (!isEnvelope(answer)) {
          saveBlob(answer.blob, answer.fileName);
          toast('success', t('page.exported', { name: answer.fileName }), 1500);
          return;
        }
        if (answer.code !== 200) return toast('error', answer.msg, 1000);
        toast('success', answer.msg || ct('common.ok'), 1500);
        reload();
      } catch {
        /* toasted by the client */
      }
    },
    [source, reload, t, ct],
  );

  const run = useCallback(
    (a: PageAction, row?: ModelData) => {
      if (a.kind === 'navigate' && a.to) return onNavigate?.(fillPath(a.to, row ?? {}));
      if (a.kind === 'form' || a.kind === 'dialog' || a.kind === 'page') return onOpen?.(a, row);
      if (a.kind === 'upload') {
        pending.current = a;
        file.current?.setAttribute('accept', a.accept ?? '');
        return file.current?.click();
      }
      if (!a.confirm) return void send(a, row);
      modal.confirm({
        title: t('list.prompt'),
        content: fillName(a.confirm, row ?? {}),
        okText: t('list.ok'),
        cancelText: t('list.cancel'),
        okButtonProps: { danger: a.danger },
        onOk: () => send(a, row),
      });
    },
    [send, modal, t, onNavigate, onOpen],
  );

  const upload = shown.toolbar.find((a) => a.kind === 'upload');
  const input = upload ? (
    <input
      ref={file}
      type="file"
      hidden
      accept={upload.accept}
      data-testid="page-upload"
      onChange={(e) => {
        const picked = e.target.files?.[0];
        const a = pending.current ?? upload;
        e.target.value = '';
        if (!picked) return;
        if (!accepts(a.accept, picked)) return toast('error', t('page.onlyFiles', { accept: a.accept }), 1000);
        void send(a, undefined, picked);
      }}
    />
  ) : null;
  return { ...shown, run, input };
}
