import { type Static, Type } from '@sinclair/typebox';
import { FlagSchema, KeywordSchema, Nullable, NullableText, type Paged, PagingQueryProperties, SortCodeSchema } from './common';

/**
 * Bill-number rules on the wire (spec 001 §3 "Bill-number rule", §7 "Bill rule"; /api/system/BillRule). Declared once
 * here: server/src/modules/bill-rule validates with these schemas, src/api/billRule.ts takes the types.
 */

/** Date formats a rule may use ('' = no date part; dayjs tokens): lexicographic order of periods equals time order. */
export const BILL_DATE_FORMATS = ['', 'YYYY', 'YYYYMM', 'YYYYMMDD'] as const;

/** A rule as it travels (GET BillRule, BillRule/{id}). Numbers look like `prefix + date + zero-padded sequence`. */
export const BillRuleSchema = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  prefix: Type.String(),
  dateFormat: Type.String(),
  digit: Type.Integer(),
  startNumber: Type.Integer(),
  /** Last sequence issued (null before the first) and the period it belongs to. */
  currentNumber: Nullable(Type.Integer()),
  currentPeriod: Nullable(Type.String()),
  /** The last number issued, formatted ('' before the first). */
  outputNumber: Type.String(),
  /** What the next number looks like today. */
  example: Type.String(),
  description: Nullable(Type.String()),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  /** Epoch milliseconds. */
  creatorTime: Type.Number(),
  lastModifyTime: Nullable(Type.Number()),
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: Type.Integer(),
});
export type BillRule = Static<typeof BillRuleSchema>;

/**
 * Body of POST BillRule (create) and BillRule/{id} (update) as the server validates it. fullName, enCode, dateFormat,
 * digit (1–9) and startNumber (0 … 10^digit − 1) are checked further by the server so that its 400 messages name the
 * field in the request's language (spec 001 §5); prefix has no white space.
 */
export const BillRuleBodySchema = Type.Object({
  fullName: Type.Optional(NullableText(100)),
  enCode: Type.Optional(NullableText(50)),
  prefix: Type.Optional(NullableText(20, { pattern: '^[^\\s]*$' })),
  dateFormat: Type.Optional(NullableText(20)),
  digit: Type.Integer(),
  startNumber: Type.Integer(),
  description: Type.Optional(NullableText(500)),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/** A create/update body that passes the server's checks: fullName, enCode, digit and startNumber required. */
export type BillRuleInput = Pick<BillRule, 'fullName' | 'enCode' | 'digit' | 'startNumber'> &
  Partial<Pick<BillRule, 'prefix' | 'dateFormat' | 'description' | 'sortCode' | 'enabledMark'>>;

/** Query of GET BillRule: keyword (fullName or enCode), currentPage ≥ 1, pageSize 1–500. */
export const BillRuleListQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), ...PagingQueryProperties });
export type BillRuleListQuery = Static<typeof BillRuleListQuerySchema>;

/** A page of rules (GET BillRule). */
export type BillRulePage = Paged<BillRule>;

/** An entry of GET BillRule/Selector `{ list }` (the billRule widget's rule picker): enabled rules only. */
export type BillRuleOption = Pick<BillRule, 'id' | 'fullName' | 'enCode'>;
