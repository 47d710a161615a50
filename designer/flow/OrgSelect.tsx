import type { WidgetProps } from '@rjsf/utils';
import OrgPicker from '../../renderers/_shared/OrgPicker';
import { ORG_KINDS } from '../../renderers/_shared/orgPickers';

/** Which organisation picker: users, positions, roles, departments or user groups (the selectors of /api/permission/…/Selector). */
export type OrgSelectKind = 'users' | 'positions' | 'roles' | 'departments' | 'groups';

const KIND = { users: 'usersSelect', positions: 'posSelect', roles: 'roleSelect', departments: 'depSelect', groups: 'groupSelect' } as const;

/**
 * A multiple organisation picker for the flow designer's properties: the platform's shared OrgPicker (renderers/
 * _shared/OrgPicker.tsx: antd TreeSelect over the kind's selector tree, only nodes of the kind pickable), holding ids.
 */
export default function OrgSelect({ kind, value, onChange, id, placeholder }: { kind: OrgSelectKind; value: string[] | undefined; onChange: (ids: string[]) => void; id?: string; placeholder?: string }) {
  const props = {
    id: id ?? `flow-org-${kind}`,
    value: value ?? [],
    onChange: (v: unknown) => onChange(Array.isArray(v) ? (v as string[]) : []),
    options: { field: { __config__: { kdKey: KIND[kind] }, multiple: true, clearable: true, filterable: true, placeholder } },
    placeholder,
  } as unknown as WidgetProps;
  return <OrgPicker {...props} kind={ORG_KINDS[KIND[kind]]} />;
}
