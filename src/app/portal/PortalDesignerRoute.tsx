import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import PortalDesigner from '../../../designer/portal/PortalDesigner';
import { flattenMenus } from '../menu';
import { menuListAtom } from '../session/atoms';
import './i18n';
import PortalGrid from './PortalGrid';

/** Where the portal designer returns to: the 门户管理 list (src/pages/system/portal.page.json). */
export const PORTAL_HOME = '/onlineDev/visualPortal';

/**
 * The portal designer's route `/portal/designer?id=<portalId>` (issue 16 item 3; full screen, outside the shell, as
 * the flow designer): hands the designer the viewer's grid and the user's page menus (shortcut targets).
 */
export default function PortalDesignerRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const menus = useAtomValue(menuListAtom);
  const options = useMemo(() => flattenMenus(menus).filter((r) => r.path && r.menu.type !== 1).map((r) => ({ id: r.menu.id, fullName: r.menu.fullName, icon: r.menu.icon })), [menus]);
  const close = useCallback(() => navigate(PORTAL_HOME), [navigate]);
  const id = params.get('id');
  if (!id) return null;
  return <PortalDesigner id={id} Grid={PortalGrid} menus={options} onClose={close} />;
}
