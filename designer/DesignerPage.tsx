import { App as AntApp, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { renderers } from '../renderers';
import ExtensionDesigner from './ExtensionDesigner';
import FormDesigner from './form/FormDesigner';
import { dropDraft, readDraft } from './form/useDraft';
import { DESIGNER_NS } from './i18n';
import { type DesignedModel, loadModel } from './model/modelApi';
import { emptyForm } from './store/DesignerStore';

/** Where the designer returns to: the online development page (在线开发). */
export const DESIGNER_HOME = '/onlineDev/webDesign';

/** A new, empty model (webType 2: form + list). */
export function newModel(): DesignedModel {
  return { meta: { fullName: '', enCode: '', category: '', webType: 2 }, form: emptyForm(), columnData: null, base: null };
}

/**
 * The designer's route `/onlineDev/designer?id=<modelId>` (issue 13 item 5; full screen, outside the shell): loads the
 * model (none: a new one), offers to restore a draft left in local storage by an earlier session, and opens the form
 * designer with the platform registry. A model that cannot be loaded shows the reason and the way back.
 * `?page=<pageCode>` opens the extension mode on a built-in page instead (issue 26 item 4, ExtensionDesigner.tsx).
 */
function DesignerLoader({ onPublished }: { onPublished: (path: string) => void }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = params.get('page');
  if (page !== null) return <ExtensionDesigner key={page} code={page} registry={renderers} onPick={(code) => setParams({ page: code }, { replace: true })} onLeave={() => navigate(DESIGNER_HOME)} />;
  return <ModelLoader onPublished={onPublished} />;
}

/** The designer on a model (`?id=`, none: a new one). */
function ModelLoader({ onPublished }: { onPublished: (path: string) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal } = AntApp.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [opened] = useState(() => params.get('id') ?? undefined);
  const [model, setModel] = useState<DesignedModel | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    (opened ? loadModel(opened) : Promise.resolve(newModel()))
      .then((m) => {
        if (!live) return;
        const draft = readDraft(opened);
        if (!draft || JSON.stringify(draft.form) === JSON.stringify(m.form)) return setModel(m);
        modal.confirm({
          title: t('fd.prompt'),
          content: t('fd.draftFound', { time: new Date(draft.at).toLocaleString() }),
          okText: t('fd.restore'),
          cancelText: t('fd.discard'),
          onOk: () => setModel({ ...m, form: draft.form, meta: { ...draft.meta, id: m.meta.id } }),
          onCancel: () => {
            dropDraft(opened);
            setModel(m);
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [opened, modal, t]);

  if (failed) return <Result status="warning" title={t('fd.loadFailed')} extra={<a href={`#${DESIGNER_HOME}`}>{t('fd.back')}</a>} />;
  if (!model) return <Spin style={{ display: 'block', marginTop: '20vh' }} />;
  return <FormDesigner model={model} registry={renderers} onLeave={() => navigate(DESIGNER_HOME)} onCreated={(id) => setParams({ id }, { replace: true })} onPublished={onPublished} />;
}

/**
 * Opens a published page: a full load of `#<path>`, so the session's CurrentUser (and with it the menus and routes)
 * includes the new menu.
 */
export function openPublished(path: string): void {
  globalThis.location.assign(`#${path}`);
  globalThis.location.reload();
}

/** The route element: the designer inside antd's App (its modal and message hooks), outside the shell. `onPublished` default: {@link openPublished}. */
export default function DesignerPage({ onPublished = openPublished }: { onPublished?: (path: string) => void }) {
  return (
    <AntApp component={false}>
      <DesignerLoader onPublished={onPublished} />
    </AntApp>
  );
}
