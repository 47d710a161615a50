import { DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { App, Button, Empty, Splitter, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { applyDrop, innermost } from '../canvas/dnd';
import FieldList from '../canvas/FieldList';
import { DESIGNER_NS } from '../i18n';
import { checkModel, fieldOfPath, type Problems } from '../model/check';
import ListDesigner from '../list/ListDesigner';
import { type ListConfig, listFields, listProblems, withRenames, withoutMissing } from '../list/listConfig';
import { useListHistory } from '../list/useListHistory';
import { type DesignedModel, defaultColumns, type ModelMeta, recordToCheck, saveModel } from '../model/modelApi';
import { type ColumnChanges, columnChanges } from '../model/renames';
import { propOfPath, shapeRefusal } from '../model/shapeCheck';
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
import { dropDraft, useDraftAutosave } from './useDraft';
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
 * question before leaving with unsaved changes. Saving runs the designer's checks (shown next to the fields), then the
 * shared schemas/ shape check (the server's words, nothing sent on a problem), then the existing model save with the
 * server's check (its refusal's path marks the field) and a stale-model check.
 */
export default function FormDesigner({ model, registry, onLeave, onCreated, onPublished, extension }: FormDesignerProps) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal, message } = App.useApp();
  const [store] = useState(() => new DesignerStore(model.form, registry));
  /** The form as last loaded or saved: what renamed or removed fields are measured against. */
  const [savedForm, setSavedForm] = useState(() => store.form);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [meta, setMeta] = useState<ModelMeta>(model.meta);
  const [savedMeta, setSavedMeta] = useState<ModelMeta>(model.meta);
  const [base, setBase] = useState(model.base);
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>(new Map());
  const [dialog, setDialog] = useState<'json' | 'preview' | 'publish' | null>(null);
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  const [view, setView] = useState<'form' | 'list'>('form');
  /** The list config: the loaded one, or (a new model) null until the list designer opens, then derived from the form. */
  const list = useListHistory(model.columnData);
  const columns = list.value;
  const [savedColumns, setSavedColumns] = useState<ListConfig | null>(model.columnData);
  const [dragging, setDragging] = useState<string | null>(null);
  const dirty = snap.dirty || JSON.stringify(meta) !== JSON.stringify(savedMeta) || JSON.stringify(columns) !== JSON.stringify(savedColumns);

  useDesignerKeys(store, dialog === null && view === 'form');
  useDraftAutosave(meta.id, snap.form, meta, dirty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a server refusal holds until the form or the model props change
  useEffect(() => setServerProblems(new Map()), [snap.form, meta]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const tr = useCallback((key: string, vars?: Record<string, unknown>) => t(key, vars ?? {}), [t]);
  const problems = useMemo(() => {
    const p: Problems = checking ? checkModel(snap.form, meta, registry, tr) : new Map();
    for (const [k, v] of serverProblems) p.set(k, [...(p.get(k) ?? []), ...v]);
    return p;
  }, [checking, snap.form, meta, registry, tr, serverProblems]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    applyDrop(store, e);
  };
  /** Shows a refusal (the shape check's or the server's) at the field or model prop its path names, else over the canvas. */
  const refuse = (form: FormConfig, msg: string, path: string | null, field: string | null = null) => {
    const at = path ? fieldOfPath(form, path) : null;
    setServerProblems(new Map([[at ?? (path && propOfPath(path)) ?? (field ? `__${field}` : '__form'), [msg]]]));
    if (at !== null) store.select(at);
    message.error(msg);
  };

  const save = async () => {
    setChecking(true);
    const found = checkModel(snap.form, meta, registry, tr);
    if (found.size) {
      message.error(t('fd.problems', { count: found.size }));
      const first = [...found.keys()].find((k): k is number => typeof k === 'number');
      store.select(first ?? null);
      return;
    }
    const form = snap.form;
    if (extension) return saveExtension(form);
    const changes = meta.id ? columnChanges(savedForm, form) : { renamed: [], removed: [] };
    const fields = listFields(form);
    const listed = columns ? withRenames(columns, changes.renamed) : null;
    const listBad = listed ? listProblems(listed, fields) : [];
    if (listBad.length) {
      setView('list');
      message.error(listBad.map((k) => t(k)).join('；'));
      return;
    }
    const columnData = listed ? withoutMissing(listed, fields) : defaultColumns(form);
    const shape = await shapeRefusal({ record: recordToCheck({ meta, form, columnData, base }) }, tr);
    if (shape) return refuse(form, shape.msg, shape.path);
    const choice = changes.renamed.length || changes.removed.length ? await askColumns(changes) : 'keep';
    if (!choice) return;
    setSaving(true);
    try {
      const r = await saveModel({ meta, form, columnData, base }, { purge: choice === 'drop' });
      if (r.kind === 'saved') {
        const next = { ...meta, id: r.id };
        dropDraft(meta.id);
        dropDraft(r.id);
        setMeta(next);
        setSavedMeta(next);
        setBase(r.base);
        store.markSaved(form);
        setSavedForm(form);
        if (JSON.stringify(columnData) !== JSON.stringify(columns)) list.set(columnData);
        setSavedColumns(columnData);
        message.success(r.msg || t('fd.saved'));
        if (!meta.id) onCreated?.(r.id);
      } else if (r.kind === 'refused') {
        refuse(form, r.msg, r.path, r.field);
      } else {
        modal.warning({ title: t('fd.prompt'), content: r.msg || t('fd.stale'), okText: t('fd.ok') });
      }
    } catch {
      /* the client toasted the failure */
    } finally {
      setSaving(false);
    }
  };

  /** Extension mode's save: the canvas fields through `extension.save`; a stale answer keeps the canvas as it is. */
  const saveExtension = async (form: FormConfig) => {
    if (!extension) return;
    const shape = await shapeRefusal({ fields: form.fields }, tr);
    if (shape) return refuse(form, shape.msg, shape.path);
    setSaving(true);
    try {
      const r = await extension.save(form);
      if (r.kind === 'saved') {
        dropDraft(meta.id);
        store.markSaved(form);
        setSavedForm(form);
        message.success(r.msg || t('fd.saved'));
      } else if (r.kind === 'refused') {
        refuse(form, r.msg, r.path);
      } else {
        modal.warning({ title: t('fd.prompt'), content: r.msg || t('fd.ext.stale'), okText: t('fd.ok') });
      }
    } catch {
      /* the client toasted the failure */
    } finally {
      setSaving(false);
    }
  };

  /** Asks what becomes of the data of renamed or removed fields: kept in the old columns, or the columns dropped; null: not saved. */
  const askColumns = (changes: ColumnChanges) =>
    new Promise<'keep' | 'drop' | null>((resolve) => {
      const list = [...changes.renamed.map((r) => `${r.from} → ${r.to}`), ...changes.removed.map((n) => `${n} ✕`)].join('，');
      const done = (v: 'keep' | 'drop' | null) => {
        ask.destroy();
        resolve(v);
      };
      const ask = modal.confirm({
        title: t('fd.renamedTitle'),
        content: t('fd.renamedAsk', { list }),
        maskClosable: false,
        onCancel: () => resolve(null),
        footer: (
          <div className="kd-designer-ask">
            <Button onClick={() => done(null)}>{t('fd.cancel')}</Button>
            <Button danger onClick={() => done('drop')}>
              {t('fd.dropData')}
            </Button>
            <Button type="primary" onClick={() => done('keep')}>
              {t('fd.keepData')}
            </Button>
          </div>
        ),
      });
    });

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
