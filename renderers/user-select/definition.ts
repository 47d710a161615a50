import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** userSelect: organisation picker over `GET /api/permission/Users/Selector` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.userSelect, () => import('./UserSelect'));
