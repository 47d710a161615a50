import type { ColumnMovedEvent } from 'ag-grid-community';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnConfig } from '../../schemas/columns';
import type * as onlineDev from '../api/onlineDev';
import { movedOrder } from './agGrid';
import ColumnSettings from './ColumnSettings';
import { applySettings, type ColumnSetting, loadSettings, mergeSettings, saveSettings } from './columnSettings';
import ExportDialog from './ExportDialog';
import ImportDialog from './ImportDialog';
import { RUNTIME_NS } from './i18n';
import ListToolbar, { type ListToolbarProps, type ToolbarAction } from './ListToolbar';
import RecycleDrawer from './RecycleDrawer';
import type { RecordSource } from './source';

type Column = ColumnConfig['columnList'][number];

/** A list's column settings (spec 001 §2): the settings, the columns they show, and how they change. */
export interface ColumnSettingsState {
  settings: ColumnSetting[];
  /** The configured columns, hidden ones left out, in the chosen order and widths. */
  shown: Column[];
  /** Sets and saves the settings; `null` resets them to the config's. */
  change: (next: ColumnSetting[] | null) => void;
  /** ag-grid's onColumnMoved: a finished header drag saves the new order. */
  onColumnMoved: (e: ColumnMovedEvent) => void;
}

/** The column settings of a list, saved per menu and table in localStorage (columnSettings.ts). */
export function useColumnSettings(columns: Column[], menuKey: string, tableKey: string): ColumnSettingsState {
  const [settings, setSettings] = useState<ColumnSetting[]>(() => mergeSettings(columns, loadSettings(menuKey, tableKey)));
  const shown = useMemo(() => applySettings(columns, settings), [columns, settings]);
  const change = useCallback(
    (next: ColumnSetting[] | null) => {
      setSettings(next ?? mergeSettings(columns, null));
      saveSettings(menuKey, tableKey, next);
    },
    [columns, menuKey, tableKey],
  );
  const onColumnMoved = (e: ColumnMovedEvent) => {
    if (!e.finished) return;
    const next = movedOrder(settings, (e.api.getColumnState() ?? []).map((c) => c.colId));
    if (next !== settings) change([...next]);
  };
  return { settings, shown, change, onColumnMoved };
}

/** Props of {@link ListTools}. */
export interface ListToolsProps {
  source: RecordSource;
  /** The configured columns (the bin's first columns, the import's labels). */
  columns: Column[];
  columnSettings: ColumnSettingsState;
  /** The toolbar's configured and permitted actions (ListToolbar). */
  actions: ListToolbarProps['actions'];
  onAdd: () => void;
  onBatchRemove: () => void;
  /** The page's extra toolbar actions and their handler (ListToolbar `extra`, `onExtra`). */
  extra?: ListToolbarProps['extra'];
  onExtra?: (value: string) => void;
  /** Reloads the list (刷新, and after an import). */
  onRefresh: () => void;
  /** Called after a restore from the bin: the list and whatever else the page shows from the same resource reload. */
  onRestored: () => void;
  /** Whether 回收站 shows (btn_recycle and a bin), and 替换现有数据 in the import (btn_remove). */
  canRecycle: boolean;
  canReplace: boolean;
  /** The list's query without paging (export 当前条件), the chosen row ids (export 选中数据). */
  exportQuery: Omit<onlineDev.ListQuery, 'currentPage' | 'pageSize'>;
  selectedIds: string[];
  /** The model's or page's name, for the export and template file names. */
  name: string;
}

/**
 * A list's toolbar and the panels it opens (spec 001 §2, issue 4 item 5, issue 27 item 2): 列设置 (drawer), 导出 and
 * 导入 (dialogs), 回收站 (drawer); one panel at a time. 新增 and 批量删除 go to the list.
 */
export default function ListTools(p: ListToolsProps) {
  const { t: rt } = useTranslation(RUNTIME_NS);
  const [panel, setPanel] = useState<'columns' | 'export' | 'import' | 'recycle' | null>(null);
  const close = () => setPanel(null);
  const onAction = (a: ToolbarAction) => {
    if (a === 'add') p.onAdd();
    else if (a === 'batchRemove') p.onBatchRemove();
    else setPanel(a === 'download' ? 'export' : 'import');
  };
  const cols = p.columnSettings;
  return (
    <>
      <ListToolbar
        actions={p.actions}
        onAction={onAction}
        onColumns={() => setPanel('columns')}
        onRefresh={p.onRefresh}
        onRecycle={p.canRecycle ? () => setPanel('recycle') : undefined}
        recycleLabel={rt('recycle.open')}
        extra={p.extra}
        onExtra={p.onExtra}
      />
      <ColumnSettings open={panel === 'columns'} settings={cols.settings} onChange={cols.change} onReset={() => cols.change(null)} onClose={close} />
      <ExportDialog open={panel === 'export'} source={p.source} columns={cols.shown} query={p.exportQuery} selectedIds={p.selectedIds} fileName={`${p.name}.xlsx`} onClose={close} />
      <RecycleDrawer open={panel === 'recycle'} source={p.source} columns={p.source.recycle?.columns ?? p.columns.map((c) => ({ prop: c.prop, label: c.label }))} onClose={close} onRestored={p.onRestored} />
      <ImportDialog
        open={panel === 'import'}
        source={p.source}
        templateName={`${p.name}导入模板.xlsx`}
        labels={Object.fromEntries(p.columns.map((c) => [c.prop, c.label]))}
        onClose={close}
        onImported={p.onRefresh}
        canReplace={p.canReplace}
      />
    </>
  );
}
