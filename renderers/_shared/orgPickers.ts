import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig, FieldOption } from '../../schemas/field';
import { defineRenderer, type RendererDefinition } from '../../src/engine/renderer';
import { flattenOptions, namedColumn } from './fieldProps';
import { commonProps, inspectorOf } from './inspectors';
import type { KdData } from './KdDataContext';
import { scaffoldOf } from './scaffold';
import { loadOptions } from './useOptions';

/** An organisation picker kind: which selector feeds it and which tree nodes may be picked (spec 001 §3 tree items). */
export interface OrgKind {
  kdKey: string;
  label: string;
  icon: string;
  tag: string;
  /** Selector path (endpoints.tsv; groupSelect uses JNPF's `/api/permission/Group/Selector`). */
  path: string;
  /** Node `type`s that may be picked; empty = any node. */
  types: string[];
  /** Key of `KdGridContext.names` holding id -> name for list cells. */
  names: string;
  /** Always multiple (usersSelect). */
  multiple?: boolean;
}

/** The seven organisation pickers (design.md §4 catalogue). */
export const ORG_KINDS: Record<string, OrgKind> = {
  comSelect: { kdKey: 'comSelect', label: '公司组件', icon: 'BankOutlined', tag: 'comSelect', path: '/api/permission/Organize/Selector/0', types: [], names: 'organize' },
  depSelect: { kdKey: 'depSelect', label: '部门组件', icon: 'ClusterOutlined', tag: 'depSelect', path: '/api/permission/Organize/Department/Selector/0', types: ['department'], names: 'department' },
  posSelect: { kdKey: 'posSelect', label: '岗位组件', icon: 'IdcardOutlined', tag: 'posSelect', path: '/api/permission/Position/Selector', types: ['position'], names: 'position' },
  userSelect: { kdKey: 'userSelect', label: '用户组件', icon: 'UserOutlined', tag: 'userSelect', path: '/api/permission/Users/Selector', types: ['user'], names: 'user' },
  usersSelect: { kdKey: 'usersSelect', label: '用户选择', icon: 'TeamOutlined', tag: 'usersSelect', path: '/api/permission/Users/Selector', types: ['user'], names: 'user', multiple: true },
  roleSelect: { kdKey: 'roleSelect', label: '角色选择', icon: 'SafetyCertificateOutlined', tag: 'roleSelect', path: '/api/permission/Role/Selector', types: ['role'], names: 'role' },
  groupSelect: { kdKey: 'groupSelect', label: '分组选择', icon: 'GroupOutlined', tag: 'groupSelect', path: '/api/permission/Group/Selector', types: ['group'], names: 'group' },
};

/** True when a tree node may be picked: its type is one of the kind's, or (untyped) it is a leaf; any node if no types. */
export function isPickable(kind: OrgKind, o: FieldOption): boolean {
  if (!kind.types.length) return true;
  const t = typeof o.type === 'string' ? o.type : '';
  return t ? kind.types.includes(t) : !o.children?.length;
}

/** Whether the field holds several ids. */
export function isMultiplePicker(kind: OrgKind, field: FieldConfig): boolean {
  return !!kind.multiple || !!field.multiple;
}

const ID: JSONSchema7 = { type: 'string', minLength: 1, maxLength: 64 };

/**
 * Builds an organisation picker's definition: value the picked node id (`multiple`: array of ids); the list shows
 * names from `KdGridContext.names[kind.names]` (see `loadGridNames`).
 */
export function orgPickerDefinition(kind: OrgKind, component: RendererDefinition['component']): RendererDefinition {
  return defineRenderer({
    kdKey: kind.kdKey,
    label: kind.label,
    icon: kind.icon,
    group: 'advanced',
    scaffold: scaffoldOf(kind.kdKey, kind.label, kind.tag, {}, { multiple: !!kind.multiple, clearable: true, filterable: true, disabled: false }),
    inspector: inspectorOf(commonProps, { multiple: { type: 'boolean', title: '是否多选' }, filterable: { type: 'boolean', title: '能否搜索' } }),
    toSchema: (field) => (isMultiplePicker(kind, field) ? { type: 'array', items: ID, uniqueItems: true } : ID),
    toColumn: (field) => namedColumn(field, kind.names),
    component,
  });
}

/** The selector tree of a kind (cached per data access), as options `{id, fullName, type, children}`. */
export function loadOrgTree(data: KdData, kind: OrgKind): Promise<FieldOption[]> {
  return loadOptions(data, kind.path, { __config__: { kdKey: kind.kdKey } });
}

/**
 * Loads id -> name maps for the given picker kinds, to pass as `KdGridContext.names` so lists show names
 * (design.md §3: org pickers shown by name in lists). Failed selectors give empty maps.
 */
export async function loadGridNames(data: KdData, kdKeys: string[]): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  const kinds = [...new Map(kdKeys.map((k) => ORG_KINDS[k]).filter(Boolean).map((k) => [k.names, k])).values()];
  await Promise.all(
    kinds.map(async (k) => {
      const tree = await loadOrgTree(data, k).catch(() => []);
      out[k.names] = Object.fromEntries(flattenOptions(tree).map((o) => [String(o.id), o.fullName]));
    }),
  );
  return out;
}
