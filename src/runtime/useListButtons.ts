import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnConfig } from '../../schemas/columns';
import type { PageAction } from '../../schemas/page';
import type * as onlineDev from '../api/onlineDev';
import { toast } from '../api/toast';
import { RUNTIME_NS } from './i18n';
import type { ToolbarAction } from './ListToolbar';
import type { RecordSource } from './source';
import type { PageActions } from './usePageActions';

/** The button code each toolbar action needs (spec 000 §6 permission list). */
const TOOLBAR: Record<ToolbarAction, string> = { add: 'btn_add', download: 'btn_download', upload: 'btn_upload', batchRemove: 'btn_remove' };

/** What ModelList hands useListButtons. */
export interface ListButtonsOptions {
  source: RecordSource;
  columnData: ColumnConfig;
  /** Whether the caller holds a button code (permission list). */
  can: (code: string) => boolean;
  /** Whether the list has an add form (ModelList's onAdd). */
  canAdd: boolean;
  /** The page's extra actions (usePageActions). */
  extra: PageActions;
  /** The rows of the current page. */
  rows: onlineDev.ModelData[];
  selected: Set<string>;
  setSelected: (s: Set<string>) => void;
  /** True when the page shows one row and is not the first: a removal then goes back a page. */
  onlyRowOfPage: boolean;
  previousPage: () => void;
  reload: () => void;
}

/** The list's buttons and what the built-in ones do. */
export interface ListButtons {
  /** Row actions of kind `add` (新建下级…), permitted and possible. */
  adds: PageAction[];
  /** The row buttons: edit/detail/remove as configured and permitted, then the page's row actions. */
  rowButtons: Array<{ value: string; label: string; danger?: boolean; when?: PageAction['when']; testId?: string }>;
  /** The toolbar actions (新增, 导出, 导入, 批量删除) as configured, permitted and possible. */
  actions: Array<{ value: ToolbarAction; label?: string }>;
  /** Whether rows get selection boxes (batch remove or export offered). */
  selectable: boolean;
  /** Confirms, removes the row (with its version) and reloads. */
  remove: (row: onlineDev.ModelData) => void;
  /** Confirms and removes the selected rows (a warning when none is selected). */
  batchRemove: () => void;
}

/**
 * The buttons of a list (spec 001 §2; issue 26 item 1): a button shows when the column config lists it, the caller
 * holds its code (when the model uses button permissions) and the source can do it (no 新增 without create…); removal
 * and batch removal ask first and send the rows' versions (a stale version is refused by the server).
 */
export function useListButtons(o: ListButtonsOptions): ListButtons {
  const { source, can, canAdd, extra, rows, selected, setSelected, onlyRowOfPage, previousPage, reload } = o;
  const cd = o.columnData;
  const { t } = useTranslation();
  const { t: rt } = useTranslation(RUNTIME_NS);
  const { modal } = App.useApp();
  // Row actions of kind `add` (e.g. 新建下级): the add form with defaults from the row, when the page can create.
  const adds = useMemo(
    () => (source.actions ?? []).filter((a) => a.kind === 'add' && (a.place ?? 'row') === 'row' && !!source.create && canAdd && (!cd.useBtnPermission || !a.button || can(a.button))),
    [source, canAdd, cd.useBtnPermission, can],
  );

  // A button shows when configured, permitted and possible for the source (no 新增 without create…).
  const allowed = useCallback(
    (value: string, list: ColumnConfig['btnsList'], code: string) => {
      const possible: Record<string, unknown> = { add: source.create, edit: source.update, remove: source.remove, detail: true, download: source.exportData, upload: source.importData, batchRemove: source.batchRemove };
      return list.some((b) => b.value === value) && (!cd.useBtnPermission || can(code)) && !!possible[value];
    },
    [cd.useBtnPermission, can, source],
  );
  const rowButtons = useMemo(
    () => [
      ...['edit', 'detail', 'remove'].filter((v) => allowed(v, cd.columnBtnsList, `btn_${v}`)).map((value) => ({ value, label: t(value === 'remove' ? 'common.remove' : `common.${value}`) })),
      ...[...adds, ...extra.row].map((a) => ({ value: `page:${a.value}`, label: a.label, danger: a.danger, when: a.when, testId: a.testId })),
    ],
    [allowed, cd.columnBtnsList, t, extra.row, adds],
  );
  const actions = useMemo(
    () => (Object.keys(TOOLBAR) as ToolbarAction[]).filter((v) => allowed(v, cd.btnsList, TOOLBAR[v])).map((value) => ({ value, label: cd.btnsList.find((b) => b.value === value)?.label })),
    [allowed, cd.btnsList],
  );
  const selectable = actions.some((a) => a.value === 'batchRemove' || a.value === 'download');

  const remove = useCallback(
    (row: onlineDev.ModelData) =>
      modal.confirm({
        title: t('common.prompt'),
        content: t('model.removeConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          if (!source.remove) return;
          const env = await source.remove(String(row.id), typeof row.version === 'number' ? row.version : undefined);
          toast('success', env.msg || t('common.remove'), 1500);
          if (onlyRowOfPage) previousPage();
          else reload();
        },
      }),
    [modal, t, source, onlyRowOfPage, previousPage, reload],
  );
  const batchRemove = () => {
    const ids = [...selected];
    if (!ids.length) return toast('warning', rt('list.selectFirst'), 1500);
    modal.confirm({
      title: rt('list.prompt'),
      content: rt('list.batchRemoveConfirm', { count: ids.length }),
      okText: rt('list.ok'),
      cancelText: rt('list.cancel'),
      onOk: async () => {
        const versions = Object.fromEntries(rows.filter((r) => selected.has(String(r.id)) && typeof r.version === 'number').map((r) => [String(r.id), r.version as number]));
        if (!source.batchRemove) return;
        const env = await source.batchRemove(ids, versions);
        toast('success', env.msg, 1500);
        setSelected(new Set());
        reload();
      },
    });
  };
  return { adds, rowButtons, actions, selectable, remove, batchRemove };
}
