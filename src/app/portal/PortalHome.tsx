import { Empty } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLayout, portalForMe } from '../../api/portal';
import type { PortalLayout } from '../../../schemas/portal';
import { PORTAL_NS } from './i18n';
import PortalGrid from './PortalGrid';

/** Props of {@link PortalHome}. */
export interface PortalHomeProps {
  /** The portal to show (userInfo.portalId, or a type-8 menu's propertyJson.moduleId). */
  id: string;
  /** Called when the portal cannot be shown (not granted, disabled, deleted, or the call failed): the caller falls back. */
  onUnavailable?: () => void;
}

/**
 * A portal as the signed-in user sees it (issue 16 item 3; JNPF `GET /api/visualdev/Portal/{id}/auth`): its cards on
 * the grid, each loading its own data. While loading an empty busy region; on refusal `onUnavailable` and 没有可用的门户.
 */
export default function PortalHome({ id, onUnavailable }: PortalHomeProps) {
  const { t } = useTranslation(PORTAL_NS);
  const [layout, setLayout] = useState<{ id: string; value: PortalLayout; name: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    portalForMe(id).then(
      (p) => {
        if (live) setLayout({ id, value: parseLayout(p.formData), name: p.fullName });
      },
      () => {
        if (!live) return;
        setFailed(id);
        onUnavailable?.();
      },
    );
    return () => {
      live = false;
    };
  }, [id, onUnavailable]);
  if (failed === id) return <Empty description={t('noPortal')} data-testid="portal-unavailable" />;
  if (!layout || layout.id !== id) return <div className="kd-portal" aria-busy="true" data-testid="portal-loading" />;
  return (
    <section data-testid="portal-home" data-portal-id={id} aria-label={layout.name}>
      <PortalGrid cards={layout.value.layout} />
    </section>
  );
}
