import i18next from 'i18next';
import strings from './strings.json';

/** i18next namespace of the purchasing screens (issue 17 item 4). */
export const PURCHASING_NS = 'kdPurchasing';

/** The purchasing screens' strings in zh, en, tw and mas (strings.json). */
export const PURCHASING_STRINGS = strings;

function add(): void {
  for (const [lang, res] of Object.entries(PURCHASING_STRINGS)) i18next.addResourceBundle(lang, PURCHASING_NS, res, true, false);
}

/** Adds the strings to i18next now, or once it initialises. Idempotent. */
export function registerPurchasingStrings(): void {
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerPurchasingStrings();
