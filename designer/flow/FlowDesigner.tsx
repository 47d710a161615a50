import { ArrowLeftOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App as AntApp, Button, Segmented, Space, Typography } from 'antd';
import { current } from 'immer';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src/api/client';
import { DESIGNER_NS } from '../i18n';
import { History } from '../store/history';
import BasicSettings from './BasicSettings';
import FlowCanvas, { type CanvasActions } from './FlowCanvas';
import { type DesignedFlow, type FlowField, type FlowIssue, type FlowMeta, issuesOf, modelFields, releaseFlow, saveFlow } from './flowApi';
import NodeDrawer from './NodeDrawer';
import type { Translate } from './summary';
import { addBranch, addNode, allNodes, type FlowNode, findNode, moveBranch, moveNode, removeBranch, removeGroup, removeNode } from './tree';

interface FlowDesignerProps {
  flow: DesignedFlow;
  onLeave: () => void;
  /** A new flow got its id at its first save (the route records it). */
  onCreated?: (id: string) => void;
}

/**
 * The flow designer (issue 15 item 4): basic settings and the card tree of flowTemplateJson, a property drawer per
 * node, undo/redo over the tree (immer patches, designer/store/history.ts), save (create/update) and 发布. A refusal
 * of the server (400 naming the node, engine/validate.ts) is shown above the canvas, the first named node is selected
 * and flagged, and its drawer repeats the message. data-testid `flow-designer`.
 */
export default function FlowDesigner({ flow, onLeave, onCreated }: FlowDesignerProps) {
  const { t: tr } = useTranslation(DESIGNER_NS);
  const t = tr as unknown as Translate;
  const { message, modal } = AntApp.useApp();
  const history = useRef(new History({ tree: flow.tree }));
  const [, setRev] = useState(0);
  const [meta, setMeta] = useState<FlowMeta>(flow.meta);
  const [view, setView] = useState<'flow' | 'basic'>('flow');
  const [selected, setSelected] = useState<string | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [fields, setFields] = useState<FlowField[]>([]);
  const [issues, setIssues] = useState<FlowIssue[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const tree = history.current.value.tree;

  useEffect(() => {
    let live = true;
    modelFields(meta.formId).then(
      (f) => live && setFields(f),
      () => live && setFields([]),
    );
    return () => {
      live = false;
    };
  }, [meta.formId]);

  const change = useCallback((recipe: (d: { tree: typeof tree }) => void, mergeKey?: string) => {
    if (!history.current.change(recipe, mergeKey)) return;
    setRev((r) => r + 1);
    setDirty(true);
  }, []);
  const step = useCallback((undo: boolean) => {
    if (!(undo ? history.current.undo() : history.current.redo())) return;
    setRev((r) => r + 1);
    setDirty(true);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement | null)?.closest?.('input, textarea, [contenteditable]')) return;
      if (e.key.toLowerCase() === 'z') step(!e.shiftKey);
      else if (e.key.toLowerCase() === 'y') step(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const select = (id: string) => {
    setSelected(id);
    setDrawer(true);
  };
  /** Gives the nodes an operation created titles in the UI's language (tree.ts names them in Chinese, as JNPF stores them). */
  const titled = (op: (tree: FlowNode) => string) => {
    let id = '';
    change((d) => {
      const before = new Set(allNodes(d.tree).map((n) => n.nodeId));
      id = op(d.tree);
      for (const owner of allNodes(d.tree)) {
        (owner.conditionNodes ?? []).forEach((h, i) => {
          if (before.has(h.nodeId)) return;
          const p = h.properties;
          h.properties.title = p.isDefault ? t('flow.card.defaultBranch') : `${t(p.isInterflow || p.isBranchFlow ? 'flow.node.branch' : 'flow.node.condition')} ${i + 1}`;
        });
        if (!before.has(owner.nodeId) && ['approver', 'timer', 'subFlow'].includes(owner.type)) owner.properties.title = t(`flow.node.${owner.type}`);
      }
    });
    return id;
  };
  const actions: CanvasActions = {
    select,
    add: (at, kind) => {
      const id = titled((tree) => addNode(tree, at, kind));
      if (id) select(id);
    },
    removeNode: (id) => change((d) => removeNode(d.tree, id)),
    moveNode: (id, by) => change((d) => void moveNode(d.tree, id, by)),
    addBranch: (owner) => void titled((tree) => addBranch(tree, owner)),
    removeBranch: (id) => change((d) => removeBranch(d.tree, id)),
    moveBranch: (id, by) => change((d) => void moveBranch(d.tree, id, by)),
    removeGroup: (owner) => change((d) => removeGroup(d.tree, owner)),
  };
  /** Sets one property of a node; a function value gets the current one (so quick successive edits never lose one). */
  const setProp = (nodeId: string) => (key: string, value: unknown) =>
    change((d) => {
      const n = findNode(d.tree, nodeId);
      if (n) n.properties[key] = typeof value === 'function' ? (value as (prev: unknown) => unknown)(current(n).properties[key]) : value;
    }, `${nodeId}.${key}`);
  const setProps = (nodeId: string) => (patch: Record<string, unknown>) =>
    change((d) => {
      const n = findNode(d.tree, nodeId);
      if (n) Object.assign(n.properties, patch);
    });

  /** Shows a refusal: the message above the canvas; the first node it names selected and its drawer open. */
  const refused = (e: unknown) => {
    const list = issuesOf(e);
    setIssues(list);
    setError(e instanceof ApiError ? e.msg : String(e));
    const first = list.find((i) => i.nodeId && findNode(history.current.value.tree, i.nodeId));
    if (first) {
      setView('flow');
      select(first.nodeId);
    }
  };
  const save = async (): Promise<{ id: string; msg: string; rowVersion?: number } | null> => {
    if (!meta.fullName.trim() || !meta.enCode.trim()) {
      setView('basic');
      message.error(t(meta.fullName.trim() ? 'flow.basic.enCodeRequired' : 'flow.basic.fullNameRequired'));
      return null;
    }
    history.current.seal();
    const r = await saveFlow({ meta, tree: history.current.value.tree });
    const id = meta.id ?? r.data?.id ?? null;
    // The row's version the next save sends (issue 27: a save after someone else's is refused).
    const rowVersion = r.data?.rowVersion;
    if (typeof rowVersion === 'number') setMeta((m) => ({ ...m, rowVersion }));
    if (id && !meta.id) {
      setMeta((m) => ({ ...m, id }));
      onCreated?.(id);
    }
    setIssues([]);
    setError('');
    setDirty(false);
    return id ? { id, msg: r.msg, rowVersion: typeof rowVersion === 'number' ? rowVersion : undefined } : null;
  };
  const run = async (release: boolean) => {
    setBusy(true);
    try {
      const saved = await save();
      if (!saved) return;
      if (release) {
        const r = await releaseFlow(saved.id, saved.rowVersion);
        setMeta((m) => ({ ...m, enabledMark: 1, version: String(r.data?.version ?? m.version), rowVersion: r.data?.rowVersion ?? m.rowVersion }));
        message.success(r.msg);
      } else message.success(saved.msg);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  /** Back to the list; with unsaved changes only after a confirmation. */
  const leave = () => {
    if (!dirty) return onLeave();
    modal.confirm({ title: t('flow.leaveTitle'), content: t('flow.leaveUnsaved'), onOk: onLeave });
  };

  const flagged = useMemo(() => new Set(issues.map((i) => i.nodeId)), [issues]);
  const node = selected ? findNode(tree, selected) : undefined;
  const issue = node ? issues.find((i) => i.nodeId === node.nodeId)?.message : undefined;
  return (
    <div data-testid="flow-designer" style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={leave} data-testid="flow-back">
          {t('flow.back')}
        </Button>
        <Typography.Text strong data-testid="flow-title">
          {meta.fullName || t('flow.untitled')}
        </Typography.Text>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'flow' | 'basic')}
          options={[
            { value: 'basic', label: <span data-testid="flow-view-basic">{t('flow.tabBasic')}</span> },
            { value: 'flow', label: <span data-testid="flow-view-flow">{t('flow.tabFlow')}</span> },
          ]}
        />
        <span style={{ flex: 1 }} />
        <Space>
          <Button icon={<UndoOutlined />} disabled={!history.current.canUndo} onClick={() => step(true)} data-testid="flow-undo">
            {t('flow.undo')}
          </Button>
          <Button icon={<RedoOutlined />} disabled={!history.current.canRedo} onClick={() => step(false)} data-testid="flow-redo">
            {t('flow.redo')}
          </Button>
          <Button loading={busy} onClick={() => run(false)} data-testid="flow-save">
            {t('flow.save')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => run(true)} data-testid="flow-release">
            {t('flow.release')}
          </Button>
        </Space>
      </div>
      {error && <Alert type="error" showIcon banner title={error} closable onClose={() => setError('')} data-testid="flow-error" />}
      <div style={{ flex: 1, overflow: 'auto', background: '#f5f5f7' }}>
        {view === 'basic' ? (
          <BasicSettings meta={meta} onMeta={(patch) => {
              setMeta((m) => ({ ...m, ...patch }));
              setDirty(true);
            }} start={tree} setStart={setProp(tree.nodeId)} t={t} />
        ) : (
          <FlowCanvas tree={tree} selected={selected} flagged={flagged} fields={fields} actions={actions} t={t} />
        )}
      </div>
      {node && <NodeDrawer open={drawer} node={node} tree={tree} fields={fields} set={setProp(node.nodeId)} setMany={setProps(node.nodeId)} issue={issue} onClose={() => setDrawer(false)} t={t} />}
    </div>
  );
}
