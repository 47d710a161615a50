import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizeMm, printDocument } from '../../../renderers/print-preview/document';
import { printRequisition } from '../../api/purchasing';
import { PURCHASING_NS } from './i18n';

type Answer = { ok: true; doc: string; size: [number, number] } | { ok: false; msg: string };

/**
 * 打印 (issue 17 item 2): the print preview of requisition `id` with the seeded 采购申请单 template — the server merges
 * it (GET printDev/Data, checked against the caller's department scope; a refusal shows its message) and the page is
 * shown as the print document (renderers/print-preview/document.ts, the server PDF's layout) in a sandboxed frame (no
 * scripts), sized to the paper; 打印 calls the frame's print(). `id` null: closed.
 */
export default function RequisitionPrint({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(PURCHASING_NS);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    setAnswer(null);
    if (!id) return;
    let live = true;
    printRequisition(id).then(
      (r) => live && setAnswer({ ok: true, doc: printDocument(r.html, r.pageParam, r.fullName), size: pageSizeMm(r.pageParam) }),
      (e: unknown) => live && setAnswer({ ok: false, msg: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <Modal
      open={!!id}
      title={t('print.title')}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('print.close')}
        </Button>,
        <Button key="print" type="primary" disabled={!answer?.ok} onClick={() => frame.current?.contentWindow?.print()}>
          {t('print.print')}
        </Button>,
      ]}
    >
      {!answer && <Spin />}
      {answer && !answer.ok && <Alert type="error" showIcon title={answer.msg} />}
      {answer?.ok && (
        <iframe
          ref={frame}
          title={t('print.frame')}
          data-testid="requisition-print"
          sandbox="allow-same-origin allow-modals"
          srcDoc={answer.doc}
          style={{ width: `${answer.size[0]}mm`, height: `${answer.size[1]}mm`, maxWidth: '100%', border: '1px solid rgba(0,0,0,0.15)', background: '#fff' }}
        />
      )}
    </Modal>
  );
}
