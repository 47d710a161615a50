import { Card, Drawer, Spin } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { renderers } from '../../../renderers';
import { KdDataContext } from '../../../renderers/_shared/KdDataContext';
import type { PageAction } from '../../../schemas/page';
import type { ModelData } from '../../api/onlineDev';
import { currentLanguage } from '../../i18n';
import { ACTION_DIALOGS } from '../../runtime/actionDialogs';
import { kdData } from '../../runtime/kdData';
import { LazyModelDetail, LazyModelForm, LazyPageActionDialog, OnceOpened, usePreloadDialogs } from '../../runtime/LazyDialogs';
import type { ModelFormMode } from '../../runtime/ModelForm';
import ModelList from '../../runtime/ModelList';
import PagePanels from '../../runtime/PagePanels';
import { fillPath, pageParams } from '../../runtime/source';
import { useBuiltinPage } from '../../runtime/useBuiltinPage';
import { permissionListAtom } from '../session/atoms';
import { dropCachedView } from '../tabs/atoms';

/** Props of {@link ConfigPage}: the page code, and the menu that opened it (its button grants) and its title. */
export interface ConfigPageProps {
  code: string;
  menuId?: string;
  title?: string;
  /** The page's parameters when another page opened it (a `page` action, schemas/page.ts), e.g. `{ moduleId }`. */
  params?: Record<string, string>;
  /** Shown inside another page's drawer: no card title (the drawer has one). */
  embedded?: boolean;
}


/**
 * A built-in page rendered from its config (issue 26 item 2): the `*.page.json` served by GET OnlineDev/{code}/Config,
 * shown as a type-3 model is (ModelPage) — ModelList with the form in a dialog and the detail view — over the page's
 * REST resource. Buttons follow the menu's grants (spec 000 §6; without a menu, e.g. a test, everything shows: the
 * server checks every call). Texts follow the chosen language through the page's locales. A refused or missing config
 * goes to /404 (spec 001 §7). A `page` action opens another page config in a drawer (`<label>：<row name>`), bound to
 * the row through the action's `params` and guarded by the same menu; closing it reloads this list. A `dialog` action
 * opens the registered dialog `renderer` (runtime/actionDialogs.ts) with the row; once it is done the action's `to`
 * route opens afresh (its cached view dropped), or without `to` this list reloads.
 */
export default function ConfigPage({ code, menuId, title, params, embedded }: ConfigPageProps) {
  const { i18n } = useTranslation();
  const state = useBuiltinPage(code, renderers, i18n.language ? currentLanguage() : 'zh', params);
  const permissions = useAtomValue(permissionListAtom);
  const [dialog, setDialog] = useState<{ mode: ModelFormMode; id: string | null; defaults?: Record<string, unknown> } | null>(null);
  // A row or toolbar action of kind `form` (PageActionDialog) and the row it was started on.
  const [action, setAction] = useState<{ a: PageAction; row?: ModelData } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePreloadDialogs(state.status === 'ready');

  const can = useCallback((enCode: string) => !menuId || !!permissions.find((p) => p.modelId === menuId)?.button?.some((b) => b.enCode === enCode), [permissions, menuId]);
  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(() => {
    setDialog(null);
    setReloadKey((n) => n + 1);
  }, []);
  const onAdd = useCallback((defaults?: Record<string, unknown>) => setDialog({ mode: 'add', id: null, defaults }), []);
  const onEdit = useCallback((id: string, defaults?: Record<string, unknown>) => setDialog({ mode: 'edit', id, defaults }), []);
  const onPageAction = useCallback((a: PageAction, row?: ModelData) => (a.kind === 'page' ? setSub({ a, row }) : setAction({ a, row })), []);
  const closeAction = useCallback(() => setAction(null), []);
  // A `page` action: the other page config shown in a drawer, and the row it was opened on.
  const [sub, setSub] = useState<{ a: PageAction; row?: ModelData } | null>(null);
  const closeSub = useCallback(() => {
    setSub(null);
    setReloadKey((n) => n + 1);
  }, []);
  const actionSaved = useCallback(() => {
    setAction(null);
    setReloadKey((n) => n + 1);
  }, []);
  const onView = useCallback((id: string) => setDialog({ mode: 'view', id }), []);
  const onNavigate = useCallback((to: string) => navigate(to), [navigate]);
  const store = useStore();
  const dialogDone = useCallback(() => {
    const to = action?.a.to;
    setAction(null);
    if (!to) return setReloadKey((n) => n + 1);
    const path = fillPath(to, action?.row ?? {});
    dropCachedView(store, path.split('?')[0]);
    navigate(path);
  }, [action, store, navigate]);
  const ActionDialog = action?.a.kind === 'dialog' && action.a.renderer ? ACTION_DIALOGS[action.a.renderer] : undefined;

  if (state.status === 'failed') return <Navigate to="/404" replace />;
  if (state.status === 'loading') return <Spin className="kd-page-spin" />;
  const { config, compiled, registry, source } = state.page;
  return (
    <KdDataContext.Provider value={kdData}>
      <Card variant="borderless" title={embedded ? undefined : config.fullName || title} className="kd-model-page kd-config-page">
        {config.panels?.length ? <PagePanels fields={config.panels} registry={registry} /> : null}
        <ModelList
          moduleId={code}
          page={code}
          source={source}
          rowName={config.rowName}
          menuId={menuId}
          fullName={config.fullName}
          columnData={config.columnData}
          compiled={compiled}
          registry={registry}
          can={can}
          onAdd={onAdd}
          onEdit={onEdit}
          forms={config.forms}
          onPageAction={onPageAction}
          onView={onView}
          onNavigate={onNavigate}
          reloadKey={reloadKey}
          movableColumns={pathname !== '/home'}
        />
      </Card>
      <OnceOpened open={!!dialog && dialog.mode !== 'view'}>
        <LazyModelForm
          moduleId={code}
          page={code}
          source={source}
          form={config.formData}
          compiled={compiled}
          registry={registry}
          mode={dialog?.mode ?? 'add'}
          recordId={dialog?.id}
          defaults={dialog?.defaults}
          open={!!dialog && dialog.mode !== 'view'}
          onClose={close}
          onSaved={saved}
        />
      </OnceOpened>
      <OnceOpened open={dialog?.mode === 'view'}>
        <LazyModelDetail moduleId={code} source={source} form={config.formData} compiled={compiled} registry={registry} recordId={dialog?.id ?? null} open={dialog?.mode === 'view'} onClose={close} />
      </OnceOpened>
      {ActionDialog ? (
        <Suspense fallback={null}>
          <ActionDialog row={action?.row} onClose={closeAction} onDone={dialogDone} />
        </Suspense>
      ) : null}
      <OnceOpened open={action?.a.kind === 'form'}>
        <LazyPageActionDialog
          action={action?.a.kind === 'form' ? action.a : null}
          row={action?.row}
          rowName={config.rowName && action?.row ? String(action.row[config.rowName] ?? '') : undefined}
          forms={config.forms}
          registry={registry}
          onClose={closeAction}
          onSaved={actionSaved}
        />
      </OnceOpened>
      <Drawer
        open={!!sub?.a.page}
        size="large"
        title={sub ? (config.rowName && sub.row ? `${sub.a.label}：${String(sub.row[config.rowName] ?? '')}` : sub.a.label) : ''}
        onClose={closeSub}
        destroyOnHidden
        className="kd-page-drawer"
        data-testid="page-drawer"
      >
        {sub?.a.page ? <ConfigPage code={sub.a.page} menuId={menuId} params={pageParams(sub.a, sub.row)} embedded /> : null}
      </Drawer>
    </KdDataContext.Provider>
  );
}
