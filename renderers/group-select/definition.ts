import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** groupSelect: organisation picker over `GET /api/permission/Group/Selector` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.groupSelect, () => import('./GroupSelect'));
