import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** comSelect: organisation picker over `GET /api/permission/Organize/Selector/0` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.comSelect, () => import('./ComSelect'));
