import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, NullableText, PagingQueryProperties, SortCodeSchema } from '../../../../schemas/wire/common';

/**
 * Request schemas of /api/datareport/Data (issue 16 item 2). The config's inner shape is checked by config.ts so that
 * its 400s name the part and the name (`参数名「1x」只能包含…`); here only sizes and kinds.
 */

/** Body of POST Data (create), PUT Data/{id} (update) and Action/Import. `config` wins over the flat parts. */
export const ReportBodySchema = Type.Object({
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  category: Type.Optional(NullableText(50)),
  description: Type.Optional(NullableText(500)),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  /** ReportConfig as an object or JSON text. */
  config: Type.Optional(Type.Unknown({ description: 'ReportConfig (object or JSON text); config.ts checks it' })),
  parameters: Type.Optional(Type.Unknown()),
  dataset: Type.Optional(Type.Unknown()),
  columns: Type.Optional(Type.Unknown()),
  grouping: Type.Optional(Type.Unknown()),
  chart: Type.Optional(Type.Unknown()),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type ReportBody = Static<typeof ReportBodySchema>;

/** Query of GET Data: keyword (fullName or enCode), category, paging, sidx (fullName, enCode, sortCode, creatorTime). */
export const ReportListQuerySchema = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  sidx: Type.Optional(Type.String({ maxLength: 50 })),
  sort: Type.Optional(Type.String({ maxLength: 4 })),
  queryJson: Type.Optional(Type.String({ maxLength: 2000 })),
  ...PagingQueryProperties,
});
export type ReportListQuery = Static<typeof ReportListQuerySchema>;

/** Body of POST Data/{id}/Preview and Actions/ExportExcel: parameter values by name, and the page (Preview). */
export const RunBodySchema = Type.Object({
  params: Type.Optional(Type.Union([Type.Record(Type.String({ maxLength: 63 }), Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()])), Type.Null()])),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type RunBody = Static<typeof RunBodySchema>;
