import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** depSelect: organisation picker over `GET /api/permission/Organize/Department/Selector/0` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.depSelect, () => import('./DepSelect'));
