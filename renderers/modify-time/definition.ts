import { SYSTEM_KINDS, systemDefinition } from '../_shared/systemFields';

/** modifyTime: system field filled by the server (design.md §4); read-only in forms. */
export default systemDefinition(SYSTEM_KINDS.modifyTime, () => import('./ModifyTime'));
