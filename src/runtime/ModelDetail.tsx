import { Button, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import KdForm from '../../renderers/_shared/KdForm';
import type { FormConfig } from '../../schemas/form';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import type { MessageLang } from '../engine/validate';
import { currentLanguage } from '../i18n';
import ChangeHistory from './ChangeHistory';
import { RUNTIME_NS } from './i18n';
import { type RecordSource, sourceOf } from './source';

/** Props of {@link ModelDetail}. */
export interface ModelDetailProps {
  /** The model (its OnlineDev source) — with `source`, the page's key. */
  moduleId: string;
  /** Where the record is read (issue 26); default the model's OnlineDev source. The 变更记录 tab needs `dataChange`. */
  source?: RecordSource;
  form: FormConfig;
  compiled: CompiledForm;
  registry: RendererMap;
  recordId: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The detail view of a record (the 详情 row button; issue 4 item 4): the record read-only in its form (详细信息) and
 * its change history (变更记录). A failed load closes the dialog (the error was toasted).
 */
export default function ModelDetail({ moduleId, source: given, form, compiled, registry, recordId, open, onClose }: ModelDetailProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const source = sourceOf(given, moduleId);
  useEffect(() => {
    if (!open || !recordId) return;
    let live = true;
    setRecord(null);
    source.get(recordId).then(
      (r) => live && setRecord(r ?? {}),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [open, recordId, source, onClose]);
  const general = (form as { generalWidth?: unknown }).generalWidth;
  const width = typeof general === 'string' && /^\d+px$/.test(general) ? Math.max(Number.parseInt(general, 10), 600) : 800;
  return (
    <Modal
      open={open}
      title={t('detail.title')}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      className="kd-model-form"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('detail.close')}
        </Button>,
      ]}
    >
      {record && recordId ? (
        <Tabs
          items={[
            { key: 'detail', label: t('detail.tabDetail'), children: <KdForm form={form} registry={registry} formData={record} mode="readonly" lang={currentLanguage() as MessageLang} /> },
            ...(source.dataChange ? [{ key: 'history', label: t('detail.tabHistory'), children: <ChangeHistory source={source} recordId={recordId} compiled={compiled} registry={registry} /> }] : []),
          ]}
        />
      ) : (
        <div className="kd-form-loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}
