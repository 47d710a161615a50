import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as onlineDev from '../api/onlineDev';
import { type RecordSource, sourceOf } from './source';
import type { ImportedAccount } from './source/types';
import { toast } from '../api/toast';
import { saveBlob } from '../api/transfer';
import { RUNTIME_NS } from './i18n';

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  open: boolean;
  /** The model (its OnlineDev source) or, with `source`, only a key. */
  moduleId?: string;
  /** Where the import goes (issue 26); default the model's OnlineDev source. */
  source?: RecordSource;
  /** The template's file name when the server sends none. */
  templateName: string;
  /** Field labels by vModel, to name the field of a row error. */
  labels: Record<string, string>;
  onClose: () => void;
  /** After a successful import (the list reloads). */
  onImported: () => void;
  /** Whether the user may replace the records (holds btn_remove); with a source that can, 替换现有数据 shows. */
  canReplace?: boolean;
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'validating' }
  | { kind: 'failed'; errors: onlineDev.ImportRowError[] }
  | { kind: 'accounts'; users: ImportedAccount[] };

/**
 * The 导入 dialog (issue 4 item 5): download the template, choose an .xlsx, import it with a progress indicator
 * (upload percentage, then 正在校验数据… while the server checks every row). The import is all or nothing: a failure
 * toasts the server's msg (1 s, spec 001 §5 Import) and lists every row error (行号, 字段, 错误信息); success toasts
 * the msg, closes and reloads the list — unless the answer lists created accounts with initial passwords (`users`, the
 * users' Excel import): then the list reloads and the dialog stays open showing them, this once, until closed.
 * 替换现有数据 (issue 27 item 2; a source with replaceData and `canReplace`) sends the file to replace the records:
 * they move to the recycle bin, where they can be restored.
 */
export default function ImportDialog({ open, moduleId, source: given, templateName, labels, onClose, onImported, canReplace = false }: ImportDialogProps) {
  const { t } = useTranslation(RUNTIME_NS);
  const source = sourceOf(given, moduleId);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [replace, setReplace] = useState(false);
  const replacing = replace && canReplace && !!source.replaceData;
  useEffect(() => {
    if (!open) return;
    setReplace(false);
    setFile(null);
    setStage({ kind: 'idle' });
  }, [open]);
  const busy = stage.kind === 'uploading' || stage.kind === 'validating';

  const template = async () => {
    try {
      if (!source.template) return;
      const f = await source.template(templateName);
      saveBlob(f.blob, f.fileName);
    } catch {
      /* toasted */
    }
  };
  const start = async () => {
    if (!file || !source.importData) return;
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const progress = (f: number) => setStage(f >= 1 ? { kind: 'validating' } : { kind: 'uploading', percent: Math.round(f * 100) });
      const env = replacing && source.replaceData ? await source.replaceData(file, progress) : await source.importData(file, progress);
      if (env.code === 200) {
        toast('success', env.msg || t('import.done'), 1500);
        onImported();
        const users = env.data?.users ?? [];
        if (users.length) setStage({ kind: 'accounts', users });
        else onClose();
        return;
      }
      toast('error', env.msg, 1000);
      setStage({ kind: 'failed', errors: env.data?.errors ?? [] });
    } catch {
      setStage({ kind: 'idle' });
    }
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('import.title')}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {t('list.cancel')}
        </Button>,
        <Button key="start" type="primary" disabled={!file || busy || stage.kind === 'accounts'} loading={busy} onClick={start}>
          {t('import.start')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={template}>
            {t('import.template')}
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              if (!/\.xlsx$/i.test(f.name)) toast('error', t('import.onlyXlsx'), 1500);
              else {
                setFile(f);
                setStage({ kind: 'idle' });
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={busy}>
              {t('import.choose')}
            </Button>
          </Upload>
          {file ? <span data-testid="import-file">{file.name}</span> : null}
        </Space>
        {canReplace && source.replaceData ? (
          <Checkbox checked={replace} disabled={busy} onChange={(e) => setReplace(e.target.checked)} data-testid="import-replace">
            {t('import.replace')}
          </Checkbox>
        ) : null}
        {stage.kind === 'uploading' ? <Progress percent={stage.percent} status="active" aria-label={t('import.uploading')} /> : null}
        {stage.kind === 'uploading' ? <span>{t('import.uploading')}</span> : null}
        {stage.kind === 'validating' ? <Progress percent={100} status="active" showInfo={false} aria-label={t('import.validating')} /> : null}
        {stage.kind === 'validating' ? <span>{t('import.validating')}</span> : null}
        {stage.kind === 'failed' ? (
          <>
            <Alert type="error" showIcon title={t('import.errorsTitle')} />
            <Table
              size="small"
              rowKey={(e) => `${e.row}:${e.field ?? ''}:${e.message}`}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={stage.errors}
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 80 },
                { title: t('import.field'), dataIndex: 'field', width: 160, render: (f: string | undefined, e: onlineDev.ImportRowError) => (f ? (labels[f] ?? e.label ?? f) : '') },
                { title: t('import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
        {stage.kind === 'accounts' ? (
          <>
            <Alert type="success" showIcon title={t('import.passwordsTitle')} />
            <Table
              size="small"
              data-testid="import-accounts"
              rowKey="account"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={stage.users}
              columns={[
                { title: t('import.account'), dataIndex: 'account' },
                { title: t('import.realName'), dataIndex: 'realName' },
                { title: t('import.password'), dataIndex: 'password', render: (p: string) => <Typography.Text copyable>{p}</Typography.Text> },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
