import { ORG_KINDS, orgPickerDefinition } from '../_shared/orgPickers';

/** usersSelect: organisation picker over `GET /api/permission/Users/Selector` (spec 001 §3 tree items). Value: array of user ids. */
export default orgPickerDefinition(ORG_KINDS.usersSelect, () => import('./UsersSelect'));
