import { DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { App, Empty, Splitter, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { applyDrop, innermost } from '../canvas/dnd';
import FieldList from '../canvas/FieldList';
import { DESIGNER_NS } from '../i18n';
import ListDesigner from '../list/ListDesigner';
import { useListHistory } from '../list/useListHistory';
import { checkModel, type Problems, sameProblems } from '../model/check';
import { type DesignedModel, defaultColumns, type ModelMeta } from '../model/modelApi';
import FieldProps from '../panels/FieldProps';
import FormProps from '../panels/FormProps';
import Palette from '../panels/Palette';
import { DesignerStore } from '../store/DesignerStore';
import DesignerToolbar from './DesignerToolbar';
import { DesignerStoreContext, ProblemsContext } from './DesignerContext';
import JsonDialog from './JsonDialog';
import OwnFields from './OwnFields';
import PreviewDialog from './PreviewDialog';
import PublishDialog from './PublishDialog';
import { useDesignerSave } from './useDesignerSave';
import { useDraftAutosave } from './useDraft';
import { useDesignerKeys } from './useDesignerKeys';
import './designer.css';

/** Props of {@link FormDesigner}. */
export interface FormDesignerProps {
  /** The model to edit (a new one: no `meta.id`, empty form). */
  model: DesignedModel;
  registry: RendererMap;
  /** Leaves the designer (after the unsaved-changes question). */
  onLeave: () => void;
  /** Called once a new model has been saved, with its id. */
  onCreated?: (id: string) => void;
  /** Called once the model is published, with the route of its page. */
  onPublished?: (path: string) => void;
  /** Extension mode (issue 26 item 4): the canvas holds a built-in page's added fields, saved by `save`. */
  extension?: ExtensionMode;
}

/** What the designer needs to edit the added fields of a built-in page (issue 26 item 4). */
export interface ExtensionMode {
  /** The page's own fields, shown read-only above the canvas. */
  ownFields: FieldConfig[];
  /** Stores the canvas fields (the page's extension): saved, refused with a path, or stale with the server's words. */
  save: (form: FormConfig) => Promise<{ kind: 'saved'; msg: string } | { kind: 'refused'; msg: string; path: string | null } | { kind: 'stale'; msg: string }>;
}

const ROOT = { owner: null };

/**
 * The form designer (issue 13 items 1, 3, 5, 6): palette | canvas | property panel in resizable panes, a toolbar with
 * undo/redo, JSON, preview, clear and save; drag and drop with dnd-kit; keys; a draft autosaved to local storage and a
 * question before leaving with unsaved changes. Saving (useDesignerSave.tsx) runs the designer's checks (shown next to
 * the fields), then the shared schemas/ shape check (the server's words, nothing sent on a problem), then the existing
 * model save with the server's check (its refusal's path marks the field) and a stale-model check.
 */
export default function FormDesigner({ model, registry, onLeave, onCreated, onPublished, extension }: FormDesignerProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal } = App.useApp();
  const [store] = useState(() => new DesignerStore(model.form, registry));
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [meta, setMeta] = useState<ModelMeta>(model.meta);
  const [dialog, setDialog] = useState<'json' | 'preview' | 'publish' | null>(null);
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  const [view, setView] = useState<'form' | 'list'>('form');
  /** The list config: the loaded one, or (a new model) null until the list designer opens, then derived from the form. */
  const list = useListHistory(model.columnData);
  const columns = list.value;
  const [dragging, setDragging] = useState<string | null>(null);
  const tr = useCallback((key: string, vars?: Record<string, unknown>) => t(key, vars ?? {}), [t]);
  const { save, saving, checking, serverProblems, savedMeta, savedColumns } = useDesignerSave({ store, registry, model, form: snap.form, meta, setMeta, list, showList: () => setView('list'), extension, onCreated, tr });
  const dirty = snap.dirty || JSON.stringify(meta) !== JSON.stringify(savedMeta) || JSON.stringify(columns) !== JSON.stringify(savedColumns);

  useDesignerKeys(store, dialog === null && view === 'form');
  useDraftAutosave(meta.id, snap.form, meta, dirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The previous map is kept while the problems stay the same: every canvas field reads it (ProblemsContext).
  const lastProblems = useRef<Problems>(new Map());
  const problems = useMemo(() => {
    const p: Problems = checking ? checkModel(snap.form, meta, registry, tr) : new Map();
    for (const [k, v] of serverProblems) p.set(k, [...(p.get(k) ?? []), ...v]);
    if (!sameProblems(lastProblems.current, p)) lastProblems.current = p;
    return lastProblems.current;
  }, [checking, snap.form, meta, registry, tr, serverProblems]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    applyDrop(store, e);
  };

  const leave = () => {
    if (!dirty) return onLeave();
    modal.confirm({ title: t('fd.prompt'), content: t('fd.unsavedLeave'), okText: t('fd.ok'), cancelText: t('fd.cancel'), onOk: onLeave });
  };
  const clear = () => modal.confirm({ title: t('fd.prompt'), content: t('fd.clearConfirm'), okText: t('fd.ok'), cancelText: t('fd.cancel'), onOk: () => void store.clear() });

  const formProblems = problems.get('__form');
  return (
    <DesignerStoreContext.Provider value={store}>
      <ProblemsContext.Provider value={problems}>
        <div className="kd-designer" data-testid="form-designer">
          <DesignerToolbar
            title={meta.fullName || t('fd.untitled')}
            dirty={dirty}
            canUndo={view === 'list' ? list.canUndo : snap.canUndo}
            canRedo={view === 'list' ? list.canRedo : snap.canRedo}
            saving={saving}
            width={width}
            onWidth={setWidth}
            view={view}
            onView={(v) => {
              if (v === 'list' && !columns) list.reset(defaultColumns(snap.form));
              setView(v);
            }}
            onBack={leave}
            onUndo={() => (view === 'list' ? list.undo() : store.undo())}
            onRedo={() => (view === 'list' ? list.redo() : store.redo())}
            onJson={() => setDialog('json')}
            onPreview={() => setDialog('preview')}
            onClear={clear}
            onSave={save}
            formOnly={!!extension}
            onPublish={meta.id && !dirty ? () => setDialog('publish') : undefined}
            publishHint={t('fd.pub.saveFirst')}
          />
          {view === 'list' && columns ? <ListDesigner form={snap.form} value={columns} registry={registry} onChange={list.set} /> : null}
          <div className="kd-designer-form-view" hidden={view !== 'form'}>
          <DndContext sensors={sensors} collisionDetection={innermost} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
            <Splitter className="kd-designer-panes">
              <Splitter.Panel defaultSize={250} min={180} max={420}>
                <Palette />
              </Splitter.Panel>
              <Splitter.Panel min={360}>
                <div className="kd-designer-canvas-wrap" onClick={() => store.select(null)}>
                  <div className={`kd-designer-canvas kd-designer-canvas-${width}`} data-testid="designer-canvas">
                    {formProblems ? (
                      <div role="alert" className="kd-designer-problem">
                        {formProblems.join('；')}
                      </div>
                    ) : null}
                    {extension ? <OwnFields fields={extension.ownFields} /> : null}
                    {snap.form.fields.length ? null : <Empty className="kd-designer-canvas-empty" description={t(extension ? 'fd.ext.empty' : 'fd.emptyCanvas')} />}
                    <FieldList fields={snap.form.fields} listRef={ROOT} />
                  </div>
                </div>
              </Splitter.Panel>
              <Splitter.Panel defaultSize={320} min={240} max={560}>
                <div className="kd-designer-props" data-testid="designer-props">
                  <Tabs
                    size="small"
                    activeKey={snap.selected === null && !extension ? 'form' : 'field'}
                    onChange={(k) => k === 'form' && store.select(null)}
                    items={[
                      { key: 'field', label: t('fd.fieldProps'), children: snap.selected === null ? <Empty description={t('fd.noSelection')} /> : <FieldProps formId={snap.selected} /> },
                      { key: 'form', label: t('fd.formProps'), children: <FormProps meta={meta} onMeta={setMeta} /> },
                    ].filter((tab) => !extension || tab.key === 'field')}
                  />
                </div>
              </Splitter.Panel>
            </Splitter>
            <DragOverlay>{dragging?.startsWith('p:') ? <div className="kd-designer-drag">{registry[dragging.slice(2)]?.label}</div> : null}</DragOverlay>
          </DndContext>
          </div>
          <JsonDialog form={snap.form} open={dialog === 'json'} onClose={() => setDialog(null)} />
          <PublishDialog open={dialog === 'publish'} meta={meta} onClose={() => setDialog(null)} onPublished={(path) => {
              setDialog(null);
              onPublished?.(path);
            }}
          />
          <PreviewDialog form={snap.form} registry={registry} open={dialog === 'preview'} onClose={() => setDialog(null)} />
        </div>
      </ProblemsContext.Provider>
    </DesignerStoreContext.Provider>
  );
}
