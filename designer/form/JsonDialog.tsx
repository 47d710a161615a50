import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormConfig } from '../../schemas/form';
import { toast } from '../../src/api/toast';
import { DESIGNER_NS } from '../i18n';

/** The form config as JSON (issue 13 item 1): read-only, with a copy button. */
export default function JsonDialog({ form, open, onClose }: { form: FormConfig; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const text = open ? JSON.stringify(form, null, 2) : '';
  const copy = async () => {
    await globalThis.navigator?.clipboard?.writeText(text).catch(() => undefined);
    toast('success', t('fd.copied'), 1000);
  };
  return (
    <Modal
      open={open}
      title={t('fd.json')}
      width={760}
      onCancel={onClose}
      footer={[
        <Button key="copy" onClick={copy} data-testid="designer-json-copy">
          {t('fd.copy')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose}>
          {t('fd.ok')}
        </Button>,
      ]}
    >
      <pre className="kd-designer-json" data-testid="designer-json-text">
        {text}
      </pre>
    </Modal>
  );
}
