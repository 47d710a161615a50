import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { flattenMenus, linkUrl } from '../menu';
import { menuListAtom, tokenAtom } from '../session/atoms';

/**
 * Opens a server menu by id (spec 000 §2 "Dynamic routes"): an in-app page navigates (a type-7 `_self` link is one:
 * its iframe tab); a type-6 view (data-visualisation host, module id, token) and a type-7 `_blank` link (placeholders
 * substituted) open in a new window when the address's scheme is allowed (spec 000 §5). Returns whether anything
 * happened.
 */
export function useMenuOpen(): (id: string) => boolean {
  const menus = useAtomValue(menuListAtom);
  const token = useAtomValue(tokenAtom);
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      const r = flattenMenus(menus).find((x) => x.menu.id === id);
      if (!r) return false;
      if (r.path) {
        navigate(r.path);
        return true;
      }
      const url = linkUrl(r.menu, token ?? '');
      if (!url) return false;
      globalThis.open?.(url, '_blank', 'noopener');
      return true;
    },
    [menus, navigate, token],
  );
}
