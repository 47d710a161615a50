import { App as AntApp, Button, Card, Result, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../schemas/form';
import type { PageLocales } from '../schemas/page';
import type { RendererMap } from '../src/engine/renderer';
import FormDesigner from './form/FormDesigner';
import { dropDraft, readDraft } from './form/useDraft';
import { DESIGNER_NS } from './i18n';
import { emptyForm } from './store/DesignerStore';
import { extensionColumns, loadPageExtension, type PageExtensionModel, savePageExtension } from './model/extensionApi';

const names = import.meta.glob<string>('../src/pages/**/*.page.json', { eager: true, import: 'fullName' });
const codes = import.meta.glob<string>('../src/pages/**/*.page.json', { eager: true, import: 'code' });
const resources = import.meta.glob<{ create?: unknown; update?: unknown } | undefined>('../src/pages/**/*.page.json', { eager: true, import: 'resource' });
const locales = import.meta.glob<PageLocales | undefined>('../src/pages/**/*.page.json', { eager: true, import: 'locales' });

/** The built-in pages that can take added fields (a create or update call): code and name in `lang`. */
export function extensiblePages(lang: string): Array<{ code: string; name: string }> {
  return Object.keys(codes)
    .filter((k) => resources[k]?.create || resources[k]?.update)
    .map((k) => ({ code: codes[k], name: (lang !== 'zh' && locales[k]?.[lang as keyof PageLocales]?.[names[k]]) || names[k] }));
}

/** Palette filter of extension mode: only plain value fields (no layout, display, system widget, no sub-table). */
export function plainRegistry(registry: RendererMap): RendererMap {
  return Object.fromEntries(Object.entries(registry).filter(([k, d]) => k !== 'table' && !['layout', 'display', 'system'].includes(d.group)));
}

/** The draft slot of a page's extension in local storage (the form designer autosaves under its model id). */
const draftId = (code: string) => `page:${code}`;

/** Picks the built-in page to extend, then opens `?page=<code>`. */
function PagePicker({ onPick, onBack }: { onPick: (code: string) => void; onBack: () => void }) {
  const { t, i18n } = useTranslation(DESIGNER_NS);
  const [code, setCode] = useState<string>();
  const options = useMemo(() => extensiblePages(i18n.language).map((p) => ({ value: p.code, label: p.name })), [i18n.language]);
  return (
    <Card title={t('fd.ext.pick')} style={{ maxWidth: 480, margin: '15vh auto' }}>
      <Space>
        <Select showSearch optionFilterProp="label" style={{ width: 260 }} aria-label={t('fd.ext.pick')} options={options} value={code} onChange={setCode} data-testid="designer-ext-pick" />
        <Button type="primary" disabled={!code} onClick={() => code && onPick(code)} data-testid="designer-ext-open">
          {t('fd.ext.open')}
        </Button>
        <Button onClick={onBack}>{t('fd.back')}</Button>
      </Space>
    </Card>
  );
}

/**
 * The designer's extension mode (issue 26 item 4), route `/onlineDev/designer?page=<pageCode>` (empty: a picker of the
 * built-in pages with create/update): the canvas holds the page's added fields, the page's own fields show read-only
 * above it, the palette offers plain fields only, and saving PUTs OnlineDev/{code}/Extension with one list column per
 * added field and the version loaded (a stale save shows the server's message and keeps the canvas).
 */
export default function ExtensionDesigner({ code, registry, onPick, onLeave }: { code: string; registry: RendererMap; onPick: (code: string) => void; onLeave: () => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const { modal } = AntApp.useApp();
  const [page, setPage] = useState<PageExtensionModel | null>(null);
  const [failed, setFailed] = useState(false);
  const plain = useMemo(() => plainRegistry(registry), [registry]);
  useEffect(() => {
    if (!code) return;
    let live = true;
    setPage(null);
    loadPageExtension(code)
      .then((p) => {
        if (!live) return;
        // A draft left by an earlier session: restored on request (saved against the version loaded now, so a
        // draft older than another administrator's save is refused as stale rather than overwriting it).
        const draft = readDraft(draftId(code));
        if (!draft || JSON.stringify(draft.form.fields) === JSON.stringify(p.fields)) return setPage(p);
        modal.confirm({
          title: t('fd.prompt'),
          content: t('fd.draftFound', { time: new Date(draft.at).toLocaleString() }),
          okText: t('fd.restore'),
          cancelText: t('fd.discard'),
          onOk: () => setPage({ ...p, fields: draft.form.fields }),
          onCancel: () => {
            dropDraft(draftId(code));
            setPage(p);
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code, modal, t]);
  const extension = useMemo(() => {
    if (!page) return undefined;
    let { version, columns } = page;
    return {
      ownFields: page.ownFields,
      save: async (form: FormConfig) => {
        const next = extensionColumns(form.fields, columns);
        const r = await savePageExtension(page.code, form.fields, next, version);
        if (r.kind === 'saved') {
          version = r.version;
          columns = next;
        }
        return r;
      },
    };
  }, [page]);

  if (!code) return <PagePicker onPick={onPick} onBack={onLeave} />;
  if (failed) return <Result status="warning" title={t('fd.loadFailed')} extra={<Button onClick={onLeave}>{t('fd.back')}</Button>} />;
  if (!page || !extension) return <Spin style={{ display: 'block', marginTop: '20vh' }} />;
  const model = { meta: { id: draftId(page.code), fullName: t('fd.ext.title', { name: page.fullName }), enCode: page.code, webType: 1 as const }, form: { ...emptyForm(), fields: page.fields }, columnData: null, base: null };
  return <FormDesigner model={model} registry={plain} onLeave={onLeave} extension={extension} />;
}
