import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { brandingAtom, isSupplyChainPort } from '../session/branding';

/**
 * The system name to show (spec 000 §1): the server's sysName for the current language, else the local fallback of
 * that language — the supply-chain name on port 8093, the platform name elsewhere.
 */
export function useSystemName(): string {
  const { t } = useTranslation();
  const { sysName } = useAtomValue(brandingAtom);
  return sysName || (isSupplyChainPort() ? t('app.supplyName') : t('app.name'));
}
