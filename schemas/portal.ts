import { type Static, Type } from '@sinclair/typebox';

/**
 * The portal layout (issue 16 item 3; reference print-report-portal.md §3, JNPF formData `{ layouyId, layout }`):
 * grid items of react-grid-layout on 12 columns with row height 40, each a card of a closed list of types. Declared
 * once: the server checks saved layouts with it (modules/portal/layout.ts), the designer and viewer use its types.
 * JNPF writes `jnpfKey` where we write `kdKey` (an import renames it).
 */

/** Grid columns and row height (px) of every portal. */
export const PORTAL_COLS = 12;
export const PORTAL_ROW_HEIGHT = 40;
/** Highest row a card may start on, and the tallest card (rows). */
export const PORTAL_MAX_Y = 1000;
export const PORTAL_MAX_H = 100;
/** Per-card refresh bounds (minutes). */
export const REFRESH_MIN = 1;
export const REFRESH_MAX = 1440;

/** The card types (kdKey) a portal may hold. */
export const CARD_TYPES = ['todo', 'todoList', 'notice', 'commonFunc', 'dataBoard', 'bar', 'line', 'pie', 'annular', 'area', 'radar', 'tableList', 'text', 'image', 'iframe'] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** The chart card types (drawn by renderers/_shared/EChart). */
export const CHART_TYPES = ['bar', 'line', 'pie', 'annular', 'area', 'radar'] as const;

/** True when `url` is an absolute http(s) URL (spec 000 §5: what an iframe or image card may load). */
export function isHttpUrl(url: unknown): boolean {
  if (typeof url !== 'string' || !url.trim()) return false;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const Int = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });

/** A shortcut of a commonFunc card: a menu by id (the name and icon are shown as saved). */
export const ShortcutSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  fullName: Type.Optional(Type.String({ maxLength: 100 })),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  iconBackgroundColor: Type.Optional(Type.String({ maxLength: 30 })),
  urlAddress: Type.Optional(Type.String({ maxLength: 500 })),
});

/** A number of a dataBoard card: static `num`, or (dataType dynamic) the first row's `field` of interface `propsApi`. */
export const BoardItemSchema = Type.Object({
  fullName: Type.String({ maxLength: 100 }),
  num: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 50 })])),
  dataType: Type.Optional(Type.Union([Type.Literal('static'), Type.Literal('dynamic')])),
  propsApi: Type.Optional(Type.String({ maxLength: 100 })),
  field: Type.Optional(Type.String({ maxLength: 100 })),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
});

/**
 * One card: grid position (x + w ≤ 12), its type, title, data (static `option`/`list`; `propsApi` a data-interface
 * id whose rows give the chart: `categoryField`, `valueFields`; or dataType `report`: the chart of data report
 * `reportId`, which a tableList card shows as a table), refresh (minutes 1–1440), `url` (iframe, image:
 * http/https only), `content` (text card HTML, sanitised on save).
 */
export const PortalCardSchema = Type.Object({
  i: Type.String({ minLength: 1, maxLength: 50 }),
  x: Int(0, PORTAL_COLS - 1),
  y: Int(0, PORTAL_MAX_Y),
  w: Int(1, PORTAL_COLS),
  h: Int(1, PORTAL_MAX_H),
  minW: Type.Optional(Int(1, PORTAL_COLS)),
  minH: Type.Optional(Int(1, PORTAL_MAX_H)),
  maxW: Type.Optional(Int(1, PORTAL_COLS)),
  maxH: Type.Optional(Int(1, PORTAL_MAX_H)),
  kdKey: Type.Union(CARD_TYPES.map((k) => Type.Literal(k))),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  dataType: Type.Optional(Type.Union([Type.Literal('static'), Type.Literal('dynamic'), Type.Literal('report')])),
  propsApi: Type.Optional(Type.String({ maxLength: 100 })),
  reportId: Type.Optional(Type.String({ maxLength: 100 })),
  categoryField: Type.Optional(Type.String({ maxLength: 100 })),
  valueFields: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
  option: Type.Optional(Type.Unknown()),
  list: Type.Optional(Type.Array(Type.Union([ShortcutSchema, BoardItemSchema]), { maxItems: 50 })),
  refresh: Type.Optional(Type.Object({ autoRefresh: Type.Boolean(), autoRefreshTime: Int(REFRESH_MIN, REFRESH_MAX) })),
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  content: Type.Optional(Type.String({ maxLength: 20000 })),
});
export type PortalCard = Static<typeof PortalCardSchema>;

/** The layout (formData): `layouyId` (sic, JNPF's next-id counter) and at most 100 cards. */
export const PortalLayoutSchema = Type.Object({
  layouyId: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  layout: Type.Array(PortalCardSchema, { maxItems: 100 }),
});
export type PortalLayout = Static<typeof PortalLayoutSchema>;
