import { Select } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PortalSelectorGroup, portalSelector, setDefaultPortal } from '../../api/portal';
import { toast } from '../../api/toast';
import { PORTAL_NS } from '../portal/i18n';
import { userInfoAtom } from '../session/atoms';

/**
 * 默认门户 in the settings drawer (issue 16 item 3; JNPF: GET Portal/Selector?type=1, PUT Portal/{id}/Actions/SetDefault):
 * the portals the user may see, grouped by category; picking one saves it as the user's default and updates
 * userInfo.portalId, so /home shows it at once. Hidden when the user may see no portal.
 */
export default function DefaultPortalPicker() {
  const { t } = useTranslation(PORTAL_NS);
  const [user, setUser] = useAtom(userInfoAtom);
  const [groups, setGroups] = useState<PortalSelectorGroup[] | null>(null);
  useEffect(() => {
    let live = true;
    portalSelector().then(
      (g) => live && setGroups(g),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!groups?.length) return null;
  const options = groups.map((g) => ({ label: g.fullName, title: g.fullName, options: g.children.map((c) => ({ label: c.fullName, value: c.id })) }));
  const pick = async (id: string) => {
    await setDefaultPortal(id);
    if (user) setUser({ ...user, portalId: id });
    toast('success', t('settings.saved'));
  };
  return (
    <div className="kd-set-switch" style={{ flexDirection: 'column', alignItems: 'stretch', gap: 4 }}>
      <span id="set-default-portal">{t('settings.defaultPortal')}</span>
      <Select aria-labelledby="set-default-portal" data-testid="settings-default-portal" placeholder={t('settings.placeholder')} value={user?.portalId || undefined} options={options} onChange={(v: string) => void pick(v)} style={{ width: '100%' }} />
    </div>
  );
}
