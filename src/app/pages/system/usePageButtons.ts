import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { permissionListAtom } from '../../session/atoms';

/**
 * Button visibility on a system page (spec 001 §6): a button shows when the permission list has an entry for the
 * page's menu (`menuId`) whose button list holds the enCode (btn_add, btn_edit, btn_remove). Without a menuId (the
 * page used outside a menu) everything shows. A courtesy only: the server checks every call (design.md §7a).
 */
export function usePageButtons(menuId: string | undefined): (enCode: string) => boolean {
  const list = useAtomValue(permissionListAtom);
  return useCallback(
    (enCode: string) => {
      if (!menuId) return true;
      const entry = list.find((p) => p.modelId === menuId);
      return !!entry?.button?.some((b) => b.enCode === enCode);
    },
    [list, menuId],
  );
}
