import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, NullableText, PagingQueryProperties, SortCodeSchema } from '../../../../schemas/wire/common';

/**
 * Request schemas of /api/system/printDev (spec 001 §7 "Print templates"; JNPF printDev.js). The server checks further
 * (required names, the code rule, page setup, the datasets' SQL, the template's syntax) so that its 400s name the field.
 */

/** Body of POST printDev (create), POST/PUT printDev/{id} (update) and one item of Actions/ImportData. */
export const PrintDevBodySchema = Type.Object({
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  category: Type.Optional(NullableText(50)),
  type: Type.Optional(Type.Integer({ enum: [1, 2] })),
  modelId: Type.Optional(NullableText(100)),
  dbLinkId: Type.Optional(NullableText(50)),
  /** JSON string (JNPF) or array of `{ sql }`. */
  sqlTemplate: Type.Optional(Type.Unknown({ description: 'JSON string or array of { sql } (datasets.ts parseSqlTemplate checks it)' })),
  /** The datasets as an array of `{ sql }` (the admin page); wins over sqlTemplate when present. */
  datasets: Type.Optional(Type.Unknown()),
  printTemplate: Type.Optional(NullableText(1_000_000)),
  /** The page setup sent flat (the admin page): when `paper` is present these win over pageParam. */
  paper: Type.Optional(NullableText(10)),
  width: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  height: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  orientation: Type.Optional(NullableText(10)),
  mt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  mb: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  ml: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  mr: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** JSON string or object (page-setup.ts). */
  pageParam: Type.Optional(Type.Unknown({ description: 'JSON string or object (page-setup.ts checkPageParam checks it)' })),
  description: Type.Optional(NullableText(500)),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type PrintDevBody = Static<typeof PrintDevBodySchema>;

/** Query of GET printDev: keyword (fullName or enCode), category (enCode), paging, sort by sidx (fullName, enCode, sortCode, creatorTime). */
export const PrintDevListQuerySchema = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  category: Type.Optional(Type.String({ maxLength: 50 })),
  sidx: Type.Optional(Type.String({ maxLength: 50 })),
  sort: Type.Optional(Type.String({ maxLength: 4 })),
  /** The admin page's search fields as a JSON string (`{ category }`). */
  queryJson: Type.Optional(Type.String({ maxLength: 2000 })),
  ...PagingQueryProperties,
});
export type PrintDevListQuery = Static<typeof PrintDevListQuerySchema>;

/** Query of GET printDev/Selector: type 1 (flow forms) or 2 (function forms); absent → every enabled template. */
export const SelectorQuerySchema = Type.Object({ type: Type.Optional(Type.Integer({ enum: [1, 2] })) });

/** Body of POST printDev/Fields: the datasets to describe and/or a model. */
export const FieldsBodySchema = Type.Object({
  dbLinkId: Type.Optional(NullableText(50)),
  sqlTemplate: Type.Optional(Type.Unknown({ description: 'JSON string or array of { sql } (datasets.ts parseSqlTemplate checks it)' })),
  modelId: Type.Optional(NullableText(100)),
});
export type FieldsBody = Static<typeof FieldsBodySchema>;

/** Query of GET printDev/Data: the template id and the record (or flow task) id. */
export const DataQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), formId: Type.String({ minLength: 1, maxLength: 100 }) });
export type DataQuery = Static<typeof DataQuerySchema>;

/** Query of GET printDev/BatchData: the template id and a comma list of record ids. */
export const BatchQuerySchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), formId: Type.String({ maxLength: 200_000 }) });
export type BatchQuery = Static<typeof BatchQuerySchema>;

/** Body of POST printDev/{id}/Actions/Pdf: the records to print (one PDF, one record after another). */
export const PdfBodySchema = Type.Object({ formIds: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10_000 }), Type.String({ maxLength: 200_000 })]) });
export type PdfBody = Static<typeof PdfBodySchema>;
