import { Descriptions, Modal } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAboutInfo } from '../../api/sysconfig';
import { userInfoAtom } from '../session/atoms';
import { useSystemName } from './useSystemName';

/** The client version, shown when the server's version cannot be read (spec 000 §9 "Client version 2.1"). */
export const CLIENT_VERSION = '2.1';

/**
 * The about dialog (spec 000 §2): platform name, version, team, account-set code and name, company, tagline. The
 * texts come from sysconfig sysInfo/*; the dialog opens at once and still shows (with the client version and empty
 * items) when those reads fail.
 */
export default function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const name = useSystemName();
  const [info, setInfo] = useState({ version: '', team: '', company: '', tagline: '' });
  useEffect(() => {
    if (!open) return;
    let alive = true;
    getAboutInfo().then(
      (v) => alive && setInfo(v),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [open]);
  const acSet = user?.CurrentAcSet;
  return (
    <Modal open={open} title={t('about.title')} onCancel={onClose} footer={null} width={480} destroyOnHidden>
      <Descriptions column={1} size="small" bordered className="kd-about">
        <Descriptions.Item label={t('about.platform')}>{name}</Descriptions.Item>
        <Descriptions.Item label={t('about.version')}>{info.version || CLIENT_VERSION}</Descriptions.Item>
        <Descriptions.Item label={t('about.team')}>{info.team || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('about.acSetCode')}>{acSet?.Code || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('about.acSetName')}>{acSet?.Name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('about.company')}>{info.company || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('about.tagline')}>{info.tagline || '-'}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
