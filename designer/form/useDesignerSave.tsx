import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../schemas/form';
import type { RendererMap } from '../../src/engine/renderer';
import { DESIGNER_NS } from '../i18n';
import { type ListConfig, listFields, listProblems, withRenames, withoutMissing } from '../list/listConfig';
import type { ListHistory } from '../list/useListHistory';
import { checkModel, fieldOfPath, type Problems } from '../model/check';
import { type DesignedModel, defaultColumns, type ModelMeta, recordToCheck, saveModel } from '../model/modelApi';
import { type ColumnChanges, columnChanges } from '../model/renames';
import { propOfPath, shapeRefusal } from '../model/shapeCheck';
import type { DesignerStore } from '../store/DesignerStore';
import type { ExtensionMode } from './FormDesigner';
import { dropDraft } from './useDraft';

/** What {@link useDesignerSave} needs from the designer. */
export interface DesignerSaveInput {
  store: DesignerStore;
  registry: RendererMap;
  /** The model as the designer opened it (the first saved state). */
  model: DesignedModel;
  /** The form on the canvas now. */
  form: FormConfig;
  meta: ModelMeta;
  setMeta: (meta: ModelMeta) => void;
  list: ListHistory;
  /** Shows the list designer (a list problem is shown there). */
  showList: () => void;
  extension?: ExtensionMode;
  onCreated?: (id: string) => void;
  /** The designer's translate function (DESIGNER_NS). */
  tr: (key: string, vars?: Record<string, unknown>) => string;
}

/**
 * The form designer's save (issue 13 items 3, 6; split from FormDesigner.tsx): the designer's own checks (shown next to
 * the fields once asked), then the shared schemas/ shape check (the server's words, nothing sent on a problem), the
 * question about renamed or removed fields' data, then the model save with the server's check (its refusal's path
 * marks the field or model prop) and the stale-model check; extension mode saves the canvas fields through
 * `extension.save`. Holds what was last saved (form, model props, list, the stored fingerprint) so the designer knows
 * whether it is dirty. After a save the model props carry the stored tables[] and no pending binding.
 */
export function useDesignerSave({ store, registry, model, form, meta, setMeta, list, showList, extension, onCreated, tr }: DesignerSaveInput) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal, message } = App.useApp();
  /** The form as last loaded or saved: what renamed or removed fields are measured against. */
  const [savedForm, setSavedForm] = useState(() => store.form);
  const [savedMeta, setSavedMeta] = useState<ModelMeta>(model.meta);
  const [savedColumns, setSavedColumns] = useState<ListConfig | null>(model.columnData);
  const [base, setBase] = useState(model.base);
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a server refusal holds until the form or the model props change
  useEffect(() => setServerProblems(new Map()), [form, meta]);

  /** Shows a refusal (the shape check's or the server's) at the field or model prop its path names, else over the canvas. */
  const refuse = (at: FormConfig, msg: string, path: string | null, field: string | null = null) => {
    const formId = path ? fieldOfPath(at, path) : null;
    setServerProblems(new Map([[formId ?? (path && propOfPath(path)) ?? (field ? `__${field}` : '__form'), [msg]]]));
    if (formId !== null) store.select(formId);
    message.error(msg);
  };

  /** Asks what becomes of the data of renamed or removed fields: kept in the old columns, or the columns dropped; null: not saved. */
  const askColumns = (changes: ColumnChanges) =>
    new Promise<'keep' | 'drop' | null>((resolve) => {
      const names = [...changes.renamed.map((r) => `${r.from} → ${r.to}`), ...changes.removed.map((n) => `${n} ✕`)].join('，');
      const done = (v: 'keep' | 'drop' | null) => {
        ask.destroy();
        resolve(v);
      };
      const ask = modal.confirm({
        title: t('fd.renamedTitle'),
        content: t('fd.renamedAsk', { list: names }),
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

  /** Extension mode's save: the canvas fields through `extension.save`; a stale answer keeps the canvas as it is. */
  const saveExtension = async (at: FormConfig) => {
    if (!extension) return;
    const shape = await shapeRefusal({ fields: at.fields }, tr);
    if (shape) return refuse(at, shape.msg, shape.path);
    setSaving(true);
    try {
      const r = await extension.save(at);
      if (r.kind === 'saved') {
        dropDraft(meta.id);
        store.markSaved(at);
        setSavedForm(at);
        message.success(r.msg || t('fd.saved'));
      } else if (r.kind === 'refused') {
        refuse(at, r.msg, r.path);
      } else {
        modal.warning({ title: t('fd.prompt'), content: r.msg || t('fd.ext.stale'), okText: t('fd.ok') });
      }
    } catch {
      /* the client toasted the failure */
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    setChecking(true);
    const found = checkModel(form, meta, registry, tr);
    if (found.size) {
      message.error(t('fd.problems', { count: found.size }));
      const first = [...found.keys()].find((k): k is number => typeof k === 'number');
      store.select(first ?? null);
      return;
    }
    if (extension) return saveExtension(form);
    const changes = meta.id ? columnChanges(savedForm, form) : { renamed: [], removed: [] };
    const fields = listFields(form);
    const listed = list.value ? withRenames(list.value, changes.renamed) : null;
    const listBad = listed ? listProblems(listed, fields) : [];
    if (listBad.length) {
      showList();
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
        const main = (r.tables.find((x) => x.typeId === '1') ?? r.tables[0]) as { table?: string } | undefined;
        const next: ModelMeta = { ...meta, id: r.id, table: main?.table ?? meta.table, tables: r.tables, bind: undefined };
        dropDraft(meta.id);
        dropDraft(r.id);
        setMeta(next);
        setSavedMeta(next);
        setBase(r.base);
        store.markSaved(form);
        setSavedForm(form);
        if (JSON.stringify(columnData) !== JSON.stringify(list.value)) list.set(columnData);
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

  return { save, saving, checking, serverProblems, savedMeta, savedColumns };
}
