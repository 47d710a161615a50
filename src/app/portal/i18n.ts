import i18next from 'i18next';
import { PORTAL_STRINGS } from './strings';

/** i18next namespace of the portal viewer, designer and settings picker (issue 16 item 3). */
export const PORTAL_NS = 'kdPortal';
export { PORTAL_STRINGS };

function add(): void {
  for (const [lang, res] of Object.entries(PORTAL_STRINGS)) i18next.addResourceBundle(lang, PORTAL_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises. Idempotent. */
export function registerPortalStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerPortalStrings();
