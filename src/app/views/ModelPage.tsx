import { Card, Spin } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { renderers } from '../../../renderers';
import { KdDataContext } from '../../../renderers/_shared/KdDataContext';
import { kdDataFor } from '../../runtime/kdData';
import { LazyModelDetail, LazyModelForm, OnceOpened, usePreloadDialogs } from '../../runtime/LazyDialogs';
import type { ModelFormMode } from '../../runtime/ModelForm';
import ModelList from '../../runtime/ModelList';
import { useModelConfig } from '../../runtime/useModelConfig';
import { permissionListAtom } from '../session/atoms';

/**
 * A type-3 menu's page (spec 000 §2): the model `moduleId` as a list with its form in a dialog (add, edit, delete)
 * and the detail view with the record's change history (issue 4 item 4). Buttons follow the permission entry of
 * `menuId` (spec 000 §6); column settings are saved per menu, and headers can be dragged to reorder the columns on
 * every path but /home (spec 000 §2 tab strip). A failed config load goes to /404 (spec 001 §7).
 */
export default function ModelPage({ moduleId, menuId, title }: { moduleId: string; menuId: string; title: string }) {
  const state = useModelConfig(moduleId, renderers);
  const permissions = useAtomValue(permissionListAtom);
  const [dialog, setDialog] = useState<{ mode: ModelFormMode; id: string | null } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePreloadDialogs(state.status === 'ready');
  // A flow-enabled model's 查看流程 opens the task page (issue 15 item 3).
  const onNavigate = useCallback((to: string) => navigate(to), [navigate]);

  const can = useCallback((enCode: string) => !!permissions.find((p) => p.modelId === menuId)?.button?.some((b) => b.enCode === enCode), [permissions, menuId]);
  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(() => {
    setDialog(null);
    setReloadKey((n) => n + 1);
  }, []);
  const onAdd = useCallback(() => setDialog({ mode: 'add', id: null }), []);
  const onEdit = useCallback((id: string) => setDialog({ mode: 'edit', id }), []);
  const onView = useCallback((id: string) => setDialog({ mode: 'view', id }), []);

  if (state.status === 'failed') return <Navigate to="/404" replace />;
  if (state.status === 'loading') return <Spin className="kd-page-spin" />;
  const { config, compiled, registry } = state.model;
  // A flow-enabled model's dialog also keeps a draft or submits (issue 15 item 3), titled by the list's first column.
  const flow = config.enableFlow === 1 || config.webType === 3 ? { titleField: config.columnData.columnList[0]?.prop } : undefined;
  return (
    <KdDataContext.Provider value={kdDataFor(moduleId)}>
      <Card variant="borderless" title={title || config.fullName} className="kd-model-page">
        <ModelList
          moduleId={moduleId}
          menuId={menuId}
          fullName={config.fullName}
          columnData={config.columnData}
          compiled={compiled}
          registry={registry}
          can={can}
          onAdd={onAdd}
          onEdit={onEdit}
          onView={onView}
          onNavigate={onNavigate}
          reloadKey={reloadKey}
          movableColumns={pathname !== '/home'}
        />
      </Card>
      <OnceOpened open={!!dialog && dialog.mode !== 'view'}>
        <LazyModelForm
          moduleId={moduleId}
          form={config.formData}
          compiled={compiled}
          registry={registry}
          mode={dialog?.mode ?? 'add'}
          recordId={dialog?.id}
          open={!!dialog && dialog.mode !== 'view'}
          onClose={close}
          onSaved={saved}
          flow={flow}
        />
      </OnceOpened>
      <OnceOpened open={dialog?.mode === 'view'}>
        <LazyModelDetail moduleId={moduleId} form={config.formData} compiled={compiled} registry={registry} recordId={dialog?.id ?? null} open={dialog?.mode === 'view'} onClose={close} />
      </OnceOpened>
    </KdDataContext.Provider>
  );
}
