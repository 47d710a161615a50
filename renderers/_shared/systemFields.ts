import dayjs from 'dayjs';
import { defineRenderer, type RendererDefinition } from '../../src/engine/renderer';
import { baseColumn, namedColumn } from './fieldProps';
import { inspectorOf } from './inspectors';
import { ORG_KINDS } from './orgPickers';
import { scaffoldOf } from './scaffold';

/** A system field (design.md §4): filled by the server on create/update, never by the client. */
export interface SystemKind {
  kdKey: string;
  label: string;
  icon: string;
  /** `time`: ms timestamp; otherwise the org picker whose selector names the id. */
  value: 'time' | 'userSelect' | 'comSelect' | 'depSelect' | 'posSelect';
}

/** The seven system fields. */
export const SYSTEM_KINDS: Record<string, SystemKind> = {
  createUser: { kdKey: 'createUser', label: '创建人员', icon: 'UserAddOutlined', value: 'userSelect' },
  createTime: { kdKey: 'createTime', label: '创建时间', icon: 'FieldTimeOutlined', value: 'time' },
  modifyUser: { kdKey: 'modifyUser', label: '修改人员', icon: 'UserSwitchOutlined', value: 'userSelect' },
  modifyTime: { kdKey: 'modifyTime', label: '修改时间', icon: 'HistoryOutlined', value: 'time' },
  currOrganize: { kdKey: 'currOrganize', label: '所属组织', icon: 'BankOutlined', value: 'comSelect' },
  currDept: { kdKey: 'currDept', label: '所属部门', icon: 'ClusterOutlined', value: 'depSelect' },
  currPosition: { kdKey: 'currPosition', label: '所属岗位', icon: 'IdcardOutlined', value: 'posSelect' },
};

/** Display format of system times. */
export const SYSTEM_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Builds a system field's definition: read-only, placeholder 系统自动生成; the schema still describes the stored value
 * (ms integer for times, id string otherwise) so the server validates what it writes; lists show formatted times or
 * names from `KdGridContext.names`.
 */
export function systemDefinition(kind: SystemKind, component: RendererDefinition['component']): RendererDefinition {
  return defineRenderer({
    kdKey: kind.kdKey,
    label: kind.label,
    icon: kind.icon,
    group: 'system',
    scaffold: scaffoldOf(kind.kdKey, kind.label, kind.kdKey, {}, { readonly: true, ...(kind.value === 'comSelect' ? { showLevel: 'last' } : {}) }),
    inspector: inspectorOf(kind.value === 'comSelect' ? { showLevel: { type: 'string', title: '显示内容', enum: ['all', 'last'] } } : {}),
    toSchema: () => (kind.value === 'time' ? { type: 'integer' } : { type: 'string', maxLength: 64 }),
    toColumn: (field) =>
      kind.value === 'time'
        ? baseColumn(field, { valueFormatter: (p) => (typeof p.value === 'number' ? dayjs(p.value).format(SYSTEM_TIME_FORMAT) : '') })
        : namedColumn(field, ORG_KINDS[kind.value].names),
    component,
  });
}
