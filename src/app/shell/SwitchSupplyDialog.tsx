import { Modal, Radio, Space } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchSupply } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { loadUser } from '../session/actions';
import { currentSupplyAtom } from '../session/atoms';
import { useSupplies } from './useSupplies';

/**
 * The identity switch dialog (spec 000 §4 "Supply identity switch … posts the chosen currentSupply"): lists the
 * identities, posts SwitchSupply with the chosen one, reloads CurrentUser (menus and permissions may change) and
 * toasts success. The menu item that opens it shows only with more than one identity.
 */
export default function SwitchSupplyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const supplies = useSupplies();
  const current = useAtomValue(currentSupplyAtom);
  const [chosen, setChosen] = useState(current);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setChosen(current);
  }, [open, current]);
  const ok = async () => {
    if (!chosen || chosen === current) return onClose();
    setBusy(true);
    try {
      await switchSupply(chosen);
      await loadUser(store);
      toast('success', t('supply.success'));
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('supply.title')} onCancel={onClose} onOk={ok} confirmLoading={busy} okText={t('common.ok')} cancelText={t('common.cancel')} destroyOnHidden>
      <p>{t('supply.pick')}</p>
      <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <Space orientation="vertical">
          {supplies.map((s) => (
            <Radio key={s.Id} value={s.Id}>
              {s.SupNo} {s.SupTname}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
