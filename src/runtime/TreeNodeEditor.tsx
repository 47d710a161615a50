import { DeleteOutlined, EditOutlined, PlusOutlined, RestOutlined } from '@ant-design/icons';
import { Button, Modal, Popconfirm, Space, Spin, Tooltip } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillRecordPath } from '../../renderers/_shared/recordPath';
import type { FormConfig } from '../../schemas/form';
import type { ResourceCall, ResourceTree } from '../../schemas/page';
import { ApiError, request, requestEnvelope } from '../api/client';
import { toast } from '../api/toast';
import { compileForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import type { FieldError, MessageLang, validateRecord } from '../engine/validate';
import { currentLanguage } from '../i18n';
import { defaultRecord, outgoingRecord } from './compileModel';
import { RUNTIME_NS } from './i18n';
import RecycleDrawer from './RecycleDrawer';
import { recycleCalls } from './source/resource';

/** The form (rjsf) and its validator (ajv) load with the first node dialog, not with the list (issue 26, B26). */
const KdForm = lazy(() => import('../../renderers/_shared/KdForm'));

/** Options of {@link useTreeNodeEditor}. */
export interface TreeNodeEditorOptions {
  /** The page's tree binding (schemas/page.ts ResourceTree) with its node form and calls. */
  tree: ResourceTree;
  /** The page's extra forms (`forms[tree.form]` is the node form). */
  forms?: Record<string, FormConfig>;
  registry: RendererMap;
  /** Whether the user holds a button enCode; consulted when `gated` (useBtnPermission). */
  can: (enCode: string) => boolean;
  gated: boolean;
  /** Translates a zh text of the page config (its `locales`); identity by default. */
  tr?: (zh: string) => string;
  /** Reloads the tree's nodes, then chooses node `select` (null: none; undefined: keep the choice). */
  reload: (select?: string | null) => void;
  /** The chosen node's id, so deleting it clears the choice. */
  selected?: string | null;
}

/** What the tree renders: the add button, the buttons beside a node, and the dialog. */
export interface TreeNodeEditor {
  /** Whether the tree edits its nodes at all (a `form` and at least one call). */
  enabled: boolean;
  header: ReactNode;
  actions: (node: { id: string; name: string }) => ReactNode;
  dialog: ReactNode;
}

/** A 400 answer's field errors: `data.errors[]`, or `data.field` with the envelope's message (built-in areas). */
export function answerErrors(e: unknown, label: (field: string) => string): FieldError[] {
  if (!(e instanceof ApiError) || e.code !== 400) return [];
  const d = (e.data ?? null) as { errors?: Array<{ field?: string; label?: string; message?: string }>; field?: string } | null;
  if (Array.isArray(d?.errors)) return d.errors.filter((x) => x?.field && x.message).map((x) => ({ field: String(x.field), label: x.label ?? label(String(x.field)), message: String(x.message) }));
  return typeof d?.field === 'string' ? [{ field: d.field, label: label(d.field), message: e.message }] : [];
}

/** A call's path with `{id}` = the node's id. */
const pathOf = (c: ResourceCall, id?: string) => fillRecordPath(c.path, id ? { id } : {}) ?? c.path;
const call = (c: ResourceCall, fallback: 'get' | 'post' | 'delete', id: string | undefined, json?: unknown) =>
  requestEnvelope<{ id?: string } | null>(pathOf(c, id), { method: (c.method?.toLowerCase() as 'get' | 'post' | 'put' | 'delete') ?? fallback, json });

/**
 * Add, edit and delete of a tree filter's own nodes (issue 26 item 3: the dictionary's type tree; schemas/page.ts
 * ResourceTree `form`/`get`/`create`/`update`/`remove`). The add button (`addLabel`, btn_add) opens the node form empty;
 * 编辑 <name> (btn_edit) loads the node (`get`) into it; 删除 <name> (btn_remove) asks first, then deletes — the server's
 * refusal (e.g. the type still has items) is toasted by the client. The form is validated with the engine before it is
 * sent; a 400 naming a field shows its message under that field. After a save the tree reloads and chooses the node.
 * 确定 stays disabled until every widget of the form has loaded (issue 25 item 3). With `tree.recycle` (issue 27 item 2)
 * and btn_recycle, 回收站 beside the add button opens the nodes' bin (name and code, who deleted them, when); a restore
 * reloads the tree and, when one node came back, chooses it (the list shows its records, e.g. a type's items).
 */
export function useTreeNodeEditor({ tree, forms, registry, can, gated, tr = (s) => s, reload, selected }: TreeNodeEditorOptions): TreeNodeEditor {
  const { t } = useTranslation();
  const rt = useTranslation(RUNTIME_NS).t;
  const form = tree.form ? forms?.[tree.form] : undefined;
  const [binOpen, setBinOpen] = useState(false);
  const binPath = tree.recycle?.path;
  const bin = useMemo(() => (binPath ? recycleCalls(binPath) : undefined), [binPath]);
  const compiled = useMemo(() => (form ? compileForm(form, registry) : null), [form, registry]);
  const allowed = (code: string) => !gated || can(code);
  const [open, setOpen] = useState<{ id?: string } | null>(null);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // The form's widgets loaded (issue 25 item 3, as ModelForm): 确定 waits for them; a failed widget shows 重试.
  const [ready, setReady] = useState(false);
  const current = useRef<Record<string, unknown>>({});
  /** The version of the node as loaded (issue 27): sent with the update, so a node changed meanwhile is refused. */
  const loadedVersion = useRef<number | undefined>(undefined);
  const validating = useRef(false);
  const lang = currentLanguage() as MessageLang;

  const validate = useRef<typeof validateRecord | null>(null);

  const show = useCallback(
    (id?: string) => {
      setOpen({ id });
      setErrors([]);
      validating.current = false;
      setRecord(null);
      const load = !id || !tree.get ? Promise.resolve(compiled ? defaultRecord(compiled) : {}) : request<Record<string, unknown>>(pathOf(tree.get, id), { method: 'get' }).then((r) => r ?? {});
      Promise.all([load, import('../engine/validate')]).then(
        ([r, m]) => {
          validate.current = m.validateRecord;
          loadedVersion.current = id && typeof r.version === 'number' ? r.version : undefined;
          current.current = r;
          setRecord(r);
        },
        () => setOpen(null),
      );
    },
    [tree.get, compiled],
  );
  const close = useCallback(() => setOpen(null), []);

  const save = async () => {
    if (!compiled || !open) return;
    // Only the form's fields go out (a loaded node also carries children, hasChildren…).
    const fields = outgoingRecord(compiled, current.current);
    const body = open.id && loadedVersion.current !== undefined ? { ...fields, version: loadedVersion.current } : fields;
    const errs = validate.current?.(compiled, fields, lang) ?? [];
    validating.current = true;
    setErrors(errs);
    if (errs.length) return;
    const c = open.id ? tree.update : tree.create;
    if (!c) return;
    setSaving(true);
    try {
      const env = await call(c, 'post', open.id, body);
      toast('success', env.msg || t('common.ok'), 1500);
      setOpen(null);
      reload(env.data?.id ?? open.id ?? undefined);
    } catch (e) {
      setErrors(answerErrors(e, (f) => compiled.byModel[f]?.__config__.label ?? f));
    } finally {
      setSaving(false);
    }
  };

  const onChange = (r: Record<string, unknown>) => {
    current.current = r;
    if (validating.current && compiled && validate.current) setErrors(validate.current(compiled, r, lang));
  };

  const remove = async (id: string) => {
    if (!tree.remove) return;
    try {
      const env = await call(tree.remove, 'delete', id);
      toast('success', env.msg || t('common.remove'), 1500);
      reload(id === selected ? null : undefined);
    } catch {
      // The server's reason (e.g. the type still has items) was toasted by the client.
    }
  };

  const enabled = !!form && !!(tree.create || tree.update || tree.remove);
  const binShown = !!bin && allowed('btn_recycle');
  const header =
    (enabled && tree.create && allowed('btn_add')) || binShown ? (
      <>
        {enabled && tree.create && allowed('btn_add') ? (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => show()} data-testid="tree-add">
            {tr(tree.addLabel ?? '新建')}
          </Button>
        ) : null}
        {binShown ? (
          <Button type="link" size="small" icon={<RestOutlined />} onClick={() => setBinOpen(true)} data-testid="tree-recycle">
            {rt('recycle.open')}
          </Button>
        ) : null}
      </>
    ) : null;
  const label = (prop: string) => tr(compiled?.byModel[prop]?.__config__.label ?? prop);
  const binDrawer = binShown ? (
    // One node restored (with what was deleted with it, e.g. a dictionary type's items) is chosen, so the list beside
    // the tree shows its records at once; several: the choice stays.
    <RecycleDrawer open={binOpen} bin={bin} columns={['fullName', 'enCode'].map((prop) => ({ prop, label: label(prop) }))} onClose={() => setBinOpen(false)} onRestored={(ids) => reload(ids.length === 1 ? ids[0] : undefined)} />
  ) : null;
  const actions = (node: { id: string; name: string }) =>
    enabled ? (
      <Space size={2} className="kd-tree-node-actions" onClick={(e) => e.stopPropagation()}>
        {tree.update && allowed('btn_edit') ? (
          <Tooltip title={t('common.edit')}>
            <Button type="text" size="small" aria-label={`${t('common.edit')} ${node.name}`} icon={<EditOutlined />} onClick={() => show(node.id)} />
          </Tooltip>
        ) : null}
        {tree.remove && allowed('btn_remove') ? (
          <Popconfirm title={t('model.removeConfirm')} okText={t('common.remove')} cancelText={t('common.cancel')} onConfirm={() => remove(node.id)}>
            <Button type="text" size="small" danger aria-label={`${t('common.remove')} ${node.name}`} icon={<DeleteOutlined />} />
          </Popconfirm>
        ) : null}
      </Space>
    ) : null;
  const modal =
    enabled && form ? (
      <Modal
        open={!!open}
        title={open?.id ? `${t('common.edit')} · ${tr(tree.title ?? '')}` : tr(tree.addLabel ?? '新建')}
        onCancel={close}
        onOk={() => void save()}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        okButtonProps={{ disabled: !record || !ready }}
        destroyOnHidden
        className="kd-tree-node-form"
      >
        {record ? (
          <Suspense fallback={<Spin />}>
            <KdForm key={open?.id ?? 'new'} form={form} registry={registry} formData={record} lang={lang} serverErrors={errors} onChange={onChange} onReady={setReady} />
          </Suspense>
        ) : (
          <Spin />
        )}
      </Modal>
    ) : null;
  const dialog =
    modal || binDrawer ? (
      <>
        {modal}
        {binDrawer}
      </>
    ) : null;
  return { enabled, header, actions, dialog };
}
