import { atom, type createStore } from 'jotai';
import { getLogo, getSystemName } from '../../api/sysconfig';
import type { Language } from '../../i18n';

/**
 * System name and logos from the server's public config (spec 000 §1 page title, §3 config values, §8 "logo fetch
 * failure: local default images"): GET /api/system/sysconfig/sysName/{lang} and logo/{login|navigation|icon}.
 * null / '' mean "use the local fallback".
 */
export interface Branding {
  /** The system name in the current language; null until loaded or when the read failed. */
  sysName: string | null;
  /** Logo image paths; '' = the built-in mark. */
  logos: { login: string; navigation: string; icon: string };
}

/** The branding in force. */
export const brandingAtom = atom<Branding>({ sysName: null, logos: { login: '', navigation: '', icon: '' } });

/** The supply-chain port (spec 000 §1, §9: on port 8093 the app presents itself as the supply-chain system). */
export const SUPPLY_CHAIN_PORT = '8093';

/** True when the page is served on the supply-chain port. */
export function isSupplyChainPort(port: string | undefined = globalThis.location?.port): boolean {
  return port === SUPPLY_CHAIN_PORT;
}

let logosLoaded = false;

/**
 * Loads the system name of `lang` (the server answers the supply-chain name on port 8093) and, once, the logo paths.
 * Failures leave the local fallbacks in place (no toast).
 */
export async function loadBranding(store: ReturnType<typeof createStore>, lang: Language): Promise<void> {
  const name = await getSystemName(lang).catch(() => null);
  store.set(brandingAtom, (b) => ({ ...b, sysName: name || null }));
  if (logosLoaded) return;
  logosLoaded = true;
  const [login, navigation, icon] = await Promise.all([getLogo('login'), getLogo('navigation'), getLogo('icon')]);
  store.set(brandingAtom, (b) => ({ ...b, logos: { login, navigation, icon } }));
  if (icon && globalThis.document) {
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = icon;
  }
}
