import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';

/**
 * The fullscreen toggle (spec 000 §2): tooltip 全屏 / 退出全屏 (translated); toggles `target()` (the layout container)
 * or the whole page; warns 不支持全屏 when the browser lacks the Fullscreen API.
 */
export default function FullscreenToggle({ target }: { target?: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!globalThis.document?.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    const el = target?.() ?? document.documentElement;
    if (!document.fullscreenEnabled || typeof el.requestFullscreen !== 'function') {
      toast('warning', t('navbar.noFullscreen'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void el.requestFullscreen().catch(() => toast('warning', t('navbar.noFullscreen')));
  };
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <Tooltip title={full ? t('navbar.exitFullscreen') : t('navbar.fullscreen')}>
      <button type="button" className="kd-nav-action" data-testid="fullscreen-toggle" aria-label={full ? t('navbar.exitFullscreen') : t('navbar.fullscreen')} onClick={toggle}>
        <Icon className="kd-nav-icon" />
      </button>
    </Tooltip>
  );
}
