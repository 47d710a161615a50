import { renderers } from '../../../../renderers';
import type { FieldConfig } from '../../../../schemas/field';
import type { RendererMap } from '../../../../src/engine/renderer';

/** The system fields filled by the server (design.md §4), never from the client. */
export const SYSTEM_KDKEYS = ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition'] as const;
export type SystemKdKey = (typeof SYSTEM_KDKEYS)[number];

/** True for a storing attribute widget (`isStorage` on the field or its `__config__`, JNPF v3). */
export function isStorage(field: FieldConfig): boolean {
  const v = field.isStorage ?? field.__config__.isStorage;
  return v === true || v === 1 || v === '1';
}

/** The server's registry: the renderer registry itself (every catalogue kdKey is registered there). */
export const serverRegistry: RendererMap = renderers;
