import { useAtomValue } from 'jotai';
import type { Supply } from '../../api/currentUser';
import { userInfoAtom } from '../session/atoms';

/** The supplier identities of the signed-in user (spec 000 §3 "Supplier identity": Id, SupNo, SupTname). */
export function useSupplies(): Supply[] {
  const user = useAtomValue(userInfoAtom);
  return ((user?.supplyIds ?? []) as Supply[]).filter((s) => s && typeof s === 'object' && typeof s.Id === 'string');
}
