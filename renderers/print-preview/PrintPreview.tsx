import { Alert, Button, Input, Space, Typography } from 'antd';
import i18next from 'i18next';
import { memo, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useFormValues } from '../_shared/FormValuesContext';
import { useKdData } from '../_shared/KdDataContext';
import { postDownload } from '../_shared/postDownload';
import type { DisplayProps } from '../_shared/types';
import { type PrintPage, pageSizeMm, printDocument } from './document';
import { type PreviewWord, previewWord } from './words';

type Answer = { ok: true; doc: string; size: [number, number] } | { ok: false; msg: string };

function subscribeLanguage(cb: () => void): () => void {
  i18next.on('languageChanged', cb);
  return () => i18next.off('languageChanged', cb);
}
const language = () => i18next.language;

/**
 * The 预览 panel (see definition.ts): 记录 ID + 预览 → `GET /api/system/printDev/Data?id&formId`; the answer's merged
 * `html` in printDocument (the server PDF's document) inside `<iframe sandbox="allow-same-origin allow-modals">`
 * (no scripts run), sized to the paper in mm; 打印 calls the frame's print(); 下载 PDF saves the server's PDF of the
 * same record (`POST /api/system/printDev/{id}/Actions/Pdf`, Chromium on the server printing the same document); a
 * refusal shows the server's message.
 */
function PrintPreview({ field, mode }: DisplayProps) {
  const lang = useSyncExternalStore(subscribeLanguage, language, language);
  const w = useCallback((k: PreviewWord, vars?: Record<string, string | number>) => previewWord(lang, k, vars), [lang]);
  const data = useKdData();
  const record = useFormValues();
  const idField = typeof field.idField === 'string' && field.idField ? field.idField : 'id';
  const id = record[idField];
  const [formId, setFormId] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const inert = mode === 'design';
  const hasId = typeof id === 'string' && id !== '';

  const preview = async () => {
    if (!hasId || !formId.trim()) return;
    setBusy(true);
    setAnswer(null);
    try {
      const q = `id=${encodeURIComponent(String(id))}&formId=${encodeURIComponent(formId.trim())}`;
      const res = (await data.request('GET', `/api/system/printDev/Data?${q}`)) as { html: string; pageParam: PrintPage; fullName?: string };
      setAnswer({ ok: true, doc: printDocument(res.html, res.pageParam, res.fullName ?? ''), size: pageSizeMm(res.pageParam) });
    } catch (e) {
      setAnswer({ ok: false, msg: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const downloadPdf = async () => {
    if (!hasId || !formId.trim()) return;
    setPdfBusy(true);
    setPdfError(null);
    try {
      const name = typeof record.enCode === 'string' && record.enCode ? record.enCode : String(id);
      await postDownload(data, `/api/system/printDev/${encodeURIComponent(String(id))}/Actions/Pdf`, { formIds: [formId.trim()] }, `${name}.pdf`);
    } catch (e) {
      setPdfError(e instanceof Error ? e.message : String(e));
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <div className="kd-print-preview" data-testid="print-preview">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input aria-label={w('formId')} placeholder={w('formId')} disabled={inert} value={formId} onChange={(e) => setFormId(e.target.value)} style={{ width: 280 }} />
        <Button htmlType="button" type="primary" loading={busy} disabled={inert || !hasId || !formId.trim()} onClick={() => void preview()}>
          {w('preview')}
        </Button>
        <Button htmlType="button" disabled={inert || !answer?.ok} onClick={() => frame.current?.contentWindow?.print()}>
          {w('print')}
        </Button>
        <Button htmlType="button" loading={pdfBusy} disabled={inert || !answer?.ok} onClick={() => void downloadPdf()}>
          {w('pdf')}
        </Button>
        {hasId ? null : <Typography.Text type="secondary">{w('noTemplate')}</Typography.Text>}
      </Space>
      {answer && !answer.ok && <Alert type="error" showIcon title={w('failed', { msg: answer.msg })} />}
      {pdfError && <Alert type="error" showIcon title={w('pdfFailed', { msg: pdfError })} style={{ marginBottom: 12 }} />}
      {answer?.ok && (
        <iframe
          ref={frame}
          title={w('frame')}
          sandbox="allow-same-origin allow-modals"
          srcDoc={answer.doc}
          style={{ width: `${answer.size[0]}mm`, height: `${answer.size[1]}mm`, maxWidth: '100%', border: '1px solid rgba(0,0,0,0.15)', background: '#fff' }}
        />
      )}
    </div>
  );
}
export default memo(PrintPreview);
