import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, NullableText, PagingQueryProperties, SortCodeSchema } from '../../../../schemas/wire/common';

/**
 * Request schemas of /api/visualdev/Portal (issue 16 item 3; JNPF portal.js). The server checks further (required
 * names, the code rule, the layout: layout.ts) so that its 400s name the field.
 */

/** Body of POST Portal (create), PUT Portal/{id} (update) and Actions/ImportData. formData: JSON string or object. */
export const PortalBodySchema = Type.Object({
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  category: Type.Optional(NullableText(50)),
  type: Type.Optional(Type.Integer({ enum: [0, 1] })),
  customUrl: Type.Optional(NullableText(500)),
  formData: Type.Optional(Type.Unknown({ description: 'JSON string or object (layout.ts checkLayout checks it)' })),
  description: Type.Optional(NullableText(500)),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type PortalBody = Static<typeof PortalBodySchema>;

/** Query of GET Portal: keyword (fullName or enCode), category, paging. */
export const PortalListQuerySchema = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  /** The admin page's search fields as a JSON string (`{ category }`). */
  queryJson: Type.Optional(Type.String({ maxLength: 2000 })),
  ...PagingQueryProperties,
});
export type PortalListQuery = Static<typeof PortalListQuerySchema>;

/** Query of GET Portal/Selector: type 1 (JNPF: the portals for the settings drawer); ignored otherwise. */
export const SelectorQuerySchema = Type.Object({ type: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })) });

/** Query of the dashboard lists: at most pageSize rows (default 10, ≤ 50). */
export const DashboardQuerySchema = Type.Object({ pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) });
