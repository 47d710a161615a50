import { SYSTEM_KINDS, systemDefinition } from '../_shared/systemFields';

/** currOrganize: system field filled by the server (design.md §4); read-only in forms. */
export default systemDefinition(SYSTEM_KINDS.currOrganize, () => import('./CurrOrganize'));
