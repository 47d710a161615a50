import type { ColDef } from 'ag-grid-community';
import { Pagination } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import type { PageAction } from '../../schemas/page';
import type * as onlineDev from '../api/onlineDev';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { RUNTIME_NS } from './i18n';
import ListGrid from './ListGrid';
import ListLoadError from './ListLoadError';
import ListTools, { useColumnSettings } from './ListTools';
import { buildListColumns, type GridRow, type ListGridContext } from './listColumns';
import { groupedRows, hasSummary, summaryFields, summaryOf, withDrafts } from './listRows';
import SearchBar, { type SearchState } from './SearchBar';
import { knownSearchItems } from './searchFields';
import { type RecordSource, sourceOf } from './source';
import TreeFilter, { type TreeSettings } from './TreeFilter';
import { addDefaults, treeRows } from './treeRows';
import { useColumnDictionaries } from './useColumnDictionaries';
import { useFlowButtons } from './useFlowButtons';
import { useGridNames } from './useGridNames';
import { useListButtons } from './useListButtons';
import { useListRows } from './useListRows';
import { usePageActions } from './usePageActions';
import { useRowDrafts } from './useRowDrafts';
import './runtime.css';

/** Page sizes offered (spec 001 §2, §9). */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];

/** The column config with the JNPF v3 keys the list reads (jnpf-v3.md §3). */
type ListColumnData = ColumnConfig & TreeSettings & { groupField?: string; treeRelation?: string; summaryField?: string[]; showSummary?: boolean };

/** Props of {@link ModelList}. */
export interface ModelListProps {
  /** The model id (its OnlineDev source) — with `source`, the page's key (column settings, file names). */
  moduleId: string;
  /** Where the rows come from (issue 26 item 1); default the model's OnlineDev source. What it cannot do is hidden. */
  source?: RecordSource;
  /** The list root's `data-page` (issue 26 item 6): the model's enCode or the built-in page's code; default moduleId. */
  page?: string;
  /** The field naming a row: row buttons are named `<label> <name>` (built-in pages' `rowName`). */
  rowName?: string;
  /** Opens a client route (page actions of kind `navigate`). */
  onNavigate?: (to: string) => void;
  /** Opens a page action of kind `form` or `dialog`. */
  onPageAction?: (action: PageAction, row?: onlineDev.ModelData) => void;
  columnData: ColumnConfig;
  compiled: CompiledForm;
  registry: RendererMap;
  /** Whether the user holds a button enCode (`btn_add`, `btn_edit`, `btn_remove`, `btn_detail`, `btn_download`, `btn_upload`) on this menu (spec 000 §6). */
  can: (enCode: string) => boolean;
  /** Opens the add form; `defaults` = the chosen tree node's `nodeFields` (built-in pages, issue 26). */
  onAdd?: (defaults?: Record<string, unknown>) => void;
  /** Opens the edit form; `defaults` fill fields the loaded record lacks (the tree node's `nodeFields`). */
  onEdit?: (id: string, defaults?: Record<string, unknown>) => void;
  /** The page's extra forms (a resource tree's node form, issue 26). */
  forms?: Record<string, FormConfig>;
  onView?: (id: string) => void;
  /** Changing it reloads the current page (e.g. after a save). */
  reloadKey?: number;
  /** The menu (column settings are saved per menu and table, spec 001 §2); default the model id. */
  menuId?: string;
  /** The table name of the column settings; default the model id. */
  tableName?: string;
  /** The model's name, for export and template file names. */
  fullName?: string;
  /** Column headers can be dragged to reorder (kept in the column settings); default true. The shell turns it off on /home (spec 000 §2). */
  movableColumns?: boolean;
}

/**
 * A model's list (design.md §1, spec 001 §2–§4, issue 4 item 3): search fields by search type (sent as queryJson),
 * server paging (sizes 10…500) and sorting, list types 1 plain, 2 tree on the left, 3 grouped (group header rows),
 * 4 inline-editable; row buttons 编辑/详情/删除 and toolbar 新增/导出/导入/批量删除 per config and permissions;
 * column settings (visibility, width, order) saved per menu and table; the summary row 合计; empty state 暂无数据.
 * Built-in pages (issue 26) add nested rows (ResourceList `children`: indented, each parent folds) and `add` row
 * actions such as 新建下级 (the add form with the row's values, shown where the action's `when` holds).
 */
export default function ModelList(props: ModelListProps) {
  const { moduleId, compiled, registry, can, onAdd, onEdit, onView, reloadKey = 0 } = props;
  const cd = props.columnData as ListColumnData;
  const { t } = useTranslation();
  const { t: rt } = useTranslation(RUNTIME_NS);
  const source = sourceOf(props.source, moduleId);
  const menuKey = props.menuId ?? moduleId;
  const tableKey = props.tableName ?? moduleId;
  const [search, setSearch] = useState<SearchState>({ keyword: '' });
  const [treeValue, setTreeValue] = useState<unknown>(undefined);
  const [treeNode, setTreeNode] = useState<Record<string, unknown> | undefined>(undefined);
  /** The chosen tree node's `nodeFields` (record field ← node key) and its value under the tree's `param`. */
  const treeDefaults = useMemo(() => {
    const nf = source.tree?.nodeFields;
    return nf && treeNode ? Object.fromEntries(Object.entries(nf).map(([f, k]) => [f, treeNode[k]])) : undefined;
  }, [source.tree, treeNode]);
  const [page, setPage] = useState({ currentPage: 1, pageSize: PAGE_SIZES.includes(cd.pageSize) ? cd.pageSize : 10 });
  const [sorting, setSorting] = useState<{ sidx?: string; sort: 'asc' | 'desc' }>({ sidx: cd.defaultSidx || undefined, sort: cd.sort ?? 'desc' });
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const columnSettings = useColumnSettings(cd.columnList, menuKey, tableKey);
  const summed = useMemo(() => (hasSummary(cd) ? summaryFields(cd) : null), [cd]);
  const treeField = source.tree ? source.tree.param : cd.type === 2 ? cd.treeRelation : undefined;

  const query = useMemo<onlineDev.ListQuery>(
    () => ({
      ...(cd.hasPage === false ? { currentPage: 1, pageSize: 500 } : page),
      sort: sorting.sort,
      sidx: sorting.sidx,
      keyword: search.keyword || undefined,
      queryJson: search.queryJson,
      ...(treeField && treeValue !== undefined ? { treeField, treeValue } : {}),
      summary: summed ? true : undefined,
    }),
    [cd.hasPage, page, sorting, search, treeField, treeValue, summed],
  );
  const data = useListRows(source, query, reloadKey + reloads);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // A bin may hold the tree's nodes too (组织管理's companies): a restore reloads the list and the tree (issue 27).
  const [treeReloads, setTreeReloads] = useState(0);
  const restored = useCallback(() => {
    reload();
    setTreeReloads((n) => n + 1);
  }, [reload]);
  const drafts = useRowDrafts(source, compiled, data.rows, reload);
  const extra = usePageActions({ source, can, gated: !!cd.useBtnPermission, reload, onNavigate: props.onNavigate, onOpen: props.onPageAction });
  const { adds, rowButtons, actions, selectable, remove, batchRemove } = useListButtons({ source, columnData: cd, can, canAdd: !!onAdd, extra, rows: data.rows, selected, setSelected, onlyRowOfPage: data.rows.length === 1 && page.currentPage > 1, previousPage: () => setPage((p) => ({ ...p, currentPage: p.currentPage - 1 })), reload });

  const dictionaries = useColumnDictionaries(cd.columnList, compiled);
  // A flow-enabled model's rows carry their audit state (server flow-state.ts): shown as a tag column.
  const flowRows = useMemo(() => data.rows.some((r) => 'flowStateText' in (r as Record<string, unknown>)), [data.rows]);
  const firstProp = props.rowName ?? cd.columnList[0]?.prop;
  const titleOf = useCallback((row: onlineDev.ModelData) => (firstProp && row[firstProp] != null ? String(row[firstProp]) : ''), [firstProp]);
  const flow = useFlowButtons({ moduleId, enabled: flowRows && !props.source, titleOf, onNavigate: props.onNavigate, reload });
  const allRowButtons = useMemo(() => [...rowButtons, ...flow.buttons], [rowButtons, flow.buttons]);
  const names = useGridNames(cd.columnList, compiled, data.rows as Record<string, unknown>[]);
  const pageIds = useMemo(() => data.rows.map((r) => String(r.id)), [data.rows]);
  const context = useMemo<ListGridContext>(
    () => ({
      dictionaries,
      names,
      buttons: allRowButtons,
      rowName: props.rowName,
      rowBase: treeDefaults,
      onToggleState: source.state && (!cd.useBtnPermission || can(source.state.button)) ? (row) => void source.state?.toggle(row).then(reload, () => undefined) : undefined,
      onAction: (value, row) => {
        if (flow.run(value, row)) return;
        const a = value.startsWith('page:') ? [...adds, ...extra.row].find((x) => `page:${x.value}` === value) : undefined;
        if (a?.kind === 'add') onAdd?.(addDefaults(a, row, treeDefaults));
        else if (a) extra.run(a, row);
        else if (value === 'edit') onEdit?.(String(row.id), treeDefaults);
        else if (value === 'detail') onView?.(String(row.id));
        else remove(row);
      },
      selected,
      pageIds,
      toggle: (id, on) => setSelected((old) => (on ? new Set(old).add(id) : new Set([...old].filter((x) => x !== id)))),
      toggleAll: (on) => setSelected((old) => (on ? new Set([...old, ...pageIds]) : new Set([...old].filter((x) => !pageIds.includes(x))))),
      dirty: new Set(drafts.drafts.keys()),
      errors: drafts.errors,
      onSave: (id) => void drafts.save(id),
      onRevert: drafts.revert,
      onToggleGroup: (key) => setCollapsed((old) => (old.has(key) ? new Set([...old].filter((k) => k !== key)) : new Set(old).add(key))),
      words: { save: rt('list.save'), cancel: rt('list.cancel'), selectRow: (n) => rt('list.selectRow', { row: n }), selectPage: rt('list.selectPage'), unsaved: rt('list.unsaved'), state: rt('page.state'), expand: rt('list.expand'), collapse: rt('list.collapse') },
    }),
    [dictionaries, names, allRowButtons, flow.run, onEdit, onAdd, onView, remove, selected, pageIds, drafts, rt, reload, props.rowName, source, can, cd.useBtnPermission, extra.row, extra.run, treeDefaults, adds],
  );
  const shownColumns = columnSettings.shown;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sort state only sets the initial header arrow; later sorting comes from header clicks
  const colDefs = useMemo<ColDef<GridRow>[]>(
    () =>
      buildListColumns({
        columns: shownColumns,
        compiled,
        registry,
        words: { yes: t('common.yes'), no: t('common.no'), action: rt('list.action') },
        sorting,
        rowButtons: allRowButtons.length,
        selectable,
        inline: cd.type === 4,
        stateField: source.state?.field,
        tree: !!source.rowChildren,
        flowState: flowRows ? rt('list.flowState') : undefined,
      }),
    [shownColumns, compiled, registry, allRowButtons.length, selectable, cd.type, t, rt, source, flowRows],
  );
  const rows = useMemo<GridRow[]>(() => {
    const list = withDrafts(data.rows, drafts.drafts);
    if (source.rowChildren) return treeRows(list, source.rowChildren, collapsed);
    const gf = cd.type === 3 ? (data.groupField ?? cd.groupField) : undefined;
    if (!gf) return list;
    const label = compiled.byModel[gf]?.__config__.label ?? gf;
    const def = colDefs.find((c) => c.colId === gf);
    const text = (v: unknown) => {
      if (v === null || v === undefined || v === '') return rt('list.emptyGroup');
      const f = def?.valueFormatter;
      return typeof f === 'function' ? String(f({ value: v, context, data: {}, node: null } as never) ?? v) : String(v);
    };
    return groupedRows(list, gf, data.groups, collapsed, (v, total) => rt('list.groupHeader', { label, value: text(v), count: total }));
  }, [data, drafts.drafts, cd.type, cd.groupField, compiled, colDefs, collapsed, context, rt, source.rowChildren]);
  const pinned = useMemo(() => {
    if (!summed) return undefined;
    const props = colDefs.filter((c) => c.field).map((c) => String(c.field));
    return [{ ...summaryOf(props, data.rows as Record<string, unknown>[], summed, data.summary, rt('list.summary')), id: '__summary' }];
  }, [summed, colDefs, data.rows, data.summary, rt]);

  const onSort = useCallback((s: { sidx?: string; sort: 'asc' | 'desc' }) => {
    setSorting(s);
    setPage((p) => ({ ...p, currentPage: 1 }));
  }, []);
  const searchItems = useMemo(() => knownSearchItems(cd.searchList, compiled), [cd.searchList, compiled]);
  const { currentPage: _p, pageSize: _s, ...exportQuery } = query;

  const body = (
    <div className="kd-list-main">
      <SearchBar
        searchList={searchItems}
        compiled={compiled}
        onSearch={(s) => {
          setSearch(s);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
      />
      <ListTools
        source={source}
        columns={cd.columnList}
        columnSettings={columnSettings}
        actions={actions}
        onAdd={() => onAdd?.(treeDefaults)}
        onBatchRemove={batchRemove}
        extra={extra.toolbar}
        onExtra={(v) => {
          const a = extra.toolbar.find((x) => x.value === v);
          // Toolbar paths may name the tree's param (e.g. /DictionaryData/{typeId}/Action/Export).
          if (a) extra.run(a, source.tree && treeValue !== undefined ? { [source.tree.param]: treeValue } : undefined);
        }}
        onRefresh={reload}
        onRestored={restored}
        canRecycle={!!source.recycle && (!!source.recycle.open || can('btn_recycle'))}
        canReplace={can('btn_remove')}
        exportQuery={exportQuery}
        selectedIds={[...selected]}
        name={props.fullName || moduleId}
      />
      {data.error ? (
        <ListLoadError reason={data.error} onRetry={reload} />
      ) : (
        <ListGrid
          rows={rows}
          columns={colDefs}
          context={context}
          loading={data.loading}
          pinned={pinned}
          onSort={onSort}
          movable={props.movableColumns !== false}
          onColumnMoved={columnSettings.onColumnMoved}
          inline={cd.type === 4}
          onEdit={drafts.edit}
        />
      )}
      {cd.hasPage === false || data.error ? null : (
        <Pagination
          className="kd-list-pager"
          current={page.currentPage}
          pageSize={page.pageSize}
          total={data.total}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          showQuickJumper
          showTotal={(n) => t('common.total', { total: data.totalCapped ? `${(n - 1).toLocaleString('en-US')}+` : data.totalEstimated ? `≈${n.toLocaleString('en-US')}` : n })}
          onChange={(currentPage, pageSize) => setPage((p) => ({ currentPage: pageSize !== p.pageSize ? 1 : currentPage, pageSize }))}
        />
      )}
    </div>
  );
  return (
    <div className={`kd-model-list${treeField ? ' kd-model-list-tree' : ''}`} data-testid="model-list" data-page={props.page ?? moduleId}>
      {treeField ? (
        <TreeFilter
          settings={cd}
          resource={source.tree}
          reloadKey={treeReloads}
          editing={{ forms: props.forms, registry, can, gated: !!cd.useBtnPermission }}
          value={treeValue}
          onChange={(v, node) => {
            setTreeValue(v);
            setTreeNode(node);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
      ) : null}
      {body}
      {extra.input}
      {flow.dialog}
    </div>
  );
}
