import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** posSelect: organisation picker over `GET /api/permission/Position/Selector` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.posSelect, () => import('./PosSelect'));
