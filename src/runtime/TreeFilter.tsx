import { Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, useKdData } from '../../renderers/_shared/KdDataContext';
import { loadOptions } from '../../renderers/_shared/useOptions';
import type { FieldOption } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import type { ResourceTree } from '../../schemas/page';
import type { RendererMap } from '../engine/renderer';
import { RUNTIME_NS } from './i18n';
import { kdData as platformData } from './kdData';
import { useTreeNodeEditor } from './TreeNodeEditor';

/** The left-tree settings of list type 2 (jnpf-v3.md §3 "Left tree"). */
export interface TreeSettings {
  treeTitle?: string;
  /** 'dictionary' (treeDictionary: a dictionary type) or 'api' (treePropsUrl: a data interface). */
  treeDataSource?: string;
  treeDictionary?: string;
  treePropsUrl?: string;
  treePropsValue?: string;
  treePropsLabel?: string;
  treePropsChildren?: string;
}

/** Props of {@link TreeFilter}. */
export interface TreeFilterProps {
  settings: TreeSettings;
  /** The chosen node's value, or undefined for 全部. */
  value: unknown;
  /** The chosen value, and (resource trees) the chosen node's record (e.g. for `nodeFields`). */
  onChange: (value: unknown, node?: Record<string, unknown>) => void;
  /** A built-in page's tree (schemas/page.ts ResourceTree): its nodes' loader and keys; replaces the dictionary/API source. */
  resource?: Partial<ResourceTree> & { load: () => Promise<unknown[]> };
  /** Editing the resource tree's own nodes (ResourceTree `form` and calls; issue 26): the page's forms and grants. */
  editing?: { forms?: Record<string, FormConfig>; registry: RendererMap; can: (enCode: string) => boolean; gated: boolean };
  /**
   * Changing it reloads a resource tree's nodes as its own edits and bin restores do, keeping the chosen node: the
   * page changed the tree's resource elsewhere (the list restored a company from its bin, issue 27 item 2).
   */
  reloadKey?: number;
}

function toNodes(options: FieldOption[]): DataNode[] {
  return options.map((o) => ({ key: JSON.stringify(o.id), title: o.fullName, children: Array.isArray(o.children) && o.children.length ? toNodes(o.children as FieldOption[]) : undefined }));
}

function filterNodes(nodes: DataNode[], kw: string): DataNode[] {
  if (!kw) return nodes;
  return nodes.flatMap((n) => {
    const kids = filterNodes(n.children ?? [], kw);
    return String(n.title).includes(kw) || kids.length ? [{ ...n, children: kids.length ? kids : undefined }] : [];
  });
}

/**
 * The left tree of list type 2 (spec 001 §2, issue 4 item 3): nodes from a dictionary
 * (`GET DictionaryData/{treeDictionary}/Data/Selector`) or a data interface (`…/DataInterface/{treePropsUrl}/Actions/Response`
 * with treePropsValue/Label/Children), a search box, and 全部 on top. Choosing a node filters the list by the
 * tree's field (treeRelation); choosing it again, or 全部, clears the filter. A failed load shows an empty tree.
 */
export default function TreeFilter({ settings, value, onChange, resource, editing, reloadKey = 0 }: TreeFilterProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [nodes, setNodes] = useState<DataNode[]>([]);
  // Resource trees: the node records by key, a reload counter, and the node to choose after the next load.
  const records = useRef(new Map<string, Record<string, unknown>>());
  const [version, setVersion] = useState(0);
  const pending = useRef<string | null | undefined>(undefined);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const reload = useCallback((select?: string | null) => {
    pending.current = select;
    setVersion((n) => n + 1);
  }, []);
  const seenKey = useRef(reloadKey);
  useEffect(() => {
    if (seenKey.current === reloadKey) return;
    seenKey.current = reloadKey;
    reload(undefined);
  }, [reloadKey, reload]);
  const editor = useTreeNodeEditor({
    tree: { path: '', param: '', ...(resource ?? {}) } as ResourceTree,
    forms: editing?.forms,
    registry: editing?.registry ?? {},
    can: editing?.can ?? (() => false),
    gated: editing?.gated ?? true,
    reload,
    selected: value === undefined || value === null ? null : String(value),
  });
  const [loading, setLoading] = useState(true);
  const [kw, setKw] = useState('');
  // The page's data access (inside a model page it names the model, so the tree's interface runs for its users; issue
  // 20 item 3), else the platform client.
  const provided = useKdData();
  const kdData = provided === fetchData ? platformData : provided;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the nodes after an edit
  useEffect(() => {
    let live = true;
    const s = settings;
    if (resource) {
      const k = { value: resource.value ?? 'id', label: resource.label ?? 'fullName', children: resource.children ?? 'children' };
      const found = new Map<string, Record<string, unknown>>();
      const map = (list: unknown[]): FieldOption[] =>
        list.map((n) => {
          const r = (n ?? {}) as Record<string, unknown>;
          found.set(JSON.stringify(r[k.value]), r);
          const kids = Array.isArray(r[k.children]) ? map(r[k.children] as unknown[]) : undefined;
          return { id: r[k.value] as string, fullName: String(r[k.label] ?? ''), ...(kids?.length ? { children: kids } : {}) } as FieldOption;
        });
      setLoading(true);
      resource
        .load()
        .then((list) => {
          if (!live) return;
          const next = toNodes(map(list));
          records.current = found;
          setNodes(next);
          // After an edit choose the saved node (null: none → the first when required); a required tree starts on its first node.
          const { value: cur, onChange: choose } = latest.current;
          const curKey = cur === undefined ? undefined : JSON.stringify(cur);
          const wantKey = pending.current === undefined ? curKey : pending.current === null ? undefined : JSON.stringify(pending.current);
          pending.current = undefined;
          const key = wantKey && found.has(wantKey) ? wantKey : resource.required ? (next[0]?.key as string | undefined) : undefined;
          if (key) choose(JSON.parse(key), found.get(key));
          else if (cur !== undefined) choose(undefined);
        })
        .catch(() => live && setNodes([]))
        .finally(() => live && setLoading(false));
      return () => {
        live = false;
      };
    }
    const path =
      s.treeDataSource === 'api' && s.treePropsUrl
        ? `/api/system/DataInterface/${encodeURIComponent(s.treePropsUrl)}/Actions/Response`
        : s.treeDictionary
          ? `/api/system/DictionaryData/${encodeURIComponent(s.treeDictionary)}/Data/Selector`
          : null;
    if (!path) {
      setLoading(false);
      return;
    }
    const props = s.treeDataSource === 'api' ? { label: s.treePropsLabel || 'fullName', value: s.treePropsValue || 'id', children: s.treePropsChildren || 'children' } : {};
    setLoading(true);
    loadOptions(kdData, path, { __config__: { kdKey: 'treeSelect', props } })
      .then((opts) => live && setNodes(toNodes(opts)))
      .catch(() => live && setNodes([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [settings, kdData, resource, version]);
  const shown = useMemo(() => [...(resource?.required ? [] : [{ key: '__all', title: t('list.all') }]), ...filterNodes(nodes, kw.trim())], [nodes, kw, t, resource?.required]);
  const selectedKey = value === undefined ? '__all' : JSON.stringify(value);
  return (
    <div className="kd-list-tree">
      {(resource?.title ?? settings.treeTitle) || editor.header ? (
        <div className="kd-list-tree-title">
          {resource?.title ?? settings.treeTitle}
          {editor.header}
        </div>
      ) : null}
      <Input.Search allowClear size="small" placeholder={t('list.keyword')} value={kw} onChange={(e) => setKw(e.target.value)} />
      {loading ? (
        <Spin />
      ) : nodes.length || !kw ? (
        <Tree
          key={version}
          blockNode
          defaultExpandAll
          treeData={shown}
          selectedKeys={[selectedKey]}
          titleRender={
            editor.enabled
              ? (n) =>
                  n.key === '__all' ? (
                    String(n.title)
                  ) : (
                    <span className="kd-tree-node">
                      <span>{String(n.title)}</span>
                      {editor.actions({ id: String(JSON.parse(String(n.key))), name: String(n.title) })}
                    </span>
                  )
              : undefined
          }
          onSelect={(keys, info) => {
            const k = String(info.node.key);
            // A required tree keeps its choice when the chosen node is clicked again.
            if (resource?.required && (!keys.length || k === '__all')) return;
            onChange(k === '__all' || !keys.length ? undefined : JSON.parse(k), records.current.get(k));
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {editor.dialog}
    </div>
  );
}
