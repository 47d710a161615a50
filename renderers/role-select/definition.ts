import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** roleSelect: organisation picker over `GET /api/permission/Role/Selector` (spec 001 §3 tree items). Value: the picked id (an array with `multiple`). */
export default orgPickerDefinition(ORG_KINDS.roleSelect, () => import('./RoleSelect'));
