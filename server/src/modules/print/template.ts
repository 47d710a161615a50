import { toSVG } from 'bwip-js/node';
import dayjs from 'dayjs';
import { Liquid } from 'liquidjs';
import { chineseAmount } from '../../../../src/engine/format';
import { fail } from './messages';
import { sanitizePrintHtml } from './sanitize';

/**
 * Merging print data into a template (issue 16 item 1; reference print-report-portal.md §1, §5): liquidjs with
 * - escaping ON for every output (`outputEscape: 'escape'`; the `raw` filter is redefined so it escapes too: only the
 *   barcode/QR filters below, whose output is an image made here, are not escaped);
 * - strict variables (a placeholder naming a field the data lacks is an error, 400 naming it);
 * - no file system: `include`, `render` and `layout` are removed, so a template reads nothing but its data;
 * - parse/render/memory limits (PARSE_LIMIT characters, RENDER_LIMIT_MS, MEMORY_LIMIT).
 * Loops: `{% for row in childrenDataTable0 %}…{% endfor %}` anywhere, or an element carrying
 * `data-each="childrenDataTable0"` (and optionally `data-as="r"`, default `row`) that repeats per row, which is how a
 * table row loops (liquid tags between `<tr>`s would be moved out of the table by any HTML parser).
 * Filters: `cnAmount` (大写金额, src/engine/format.ts chineseAmount), `thousands: n` (千位分隔符, n decimals, default 2),
 * `qrcode: size`, `barcode: symbology, height` (bwip-js SVG as an `<img>` data URL; default code128), `approvalTable`
 * (a flow task's approval records as JNPF's 5-column table, cells escaped).
 * The merged HTML is sanitised again (DOMPurify), so data cannot add active content even through an attribute.
 */

/** Most characters a template may have. */
export const PARSE_LIMIT = 1_000_000;
/** Most time one render may take (ms). */
export const RENDER_LIMIT_MS = 2_000;
/** Most memory (liquidjs's own count of allocated units) one render may use. */
export const MEMORY_LIMIT = 20_000_000;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An `<img>` of a bwip-js symbol for `text` (SVG data URL); '' when the text is empty or not encodable. */
export function symbolImage(bcid: string, text: unknown, widthPx: number, heightMm: number): string {
  const value = text === null || text === undefined ? '' : String(text);
  if (!value) return '';
  try {
    const svg = toSVG({ bcid, text: value, ...(bcid === 'qrcode' ? { eclevel: 'M' } : { height: heightMm, includetext: true, textxalign: 'center' }) });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return `<img class="kd-${bcid === 'qrcode' ? 'qrcode' : 'barcode'}" alt="${escapeAttr(bcid)}" src="${src}" style="width:${widthPx}px">`;
  } catch {
    return '';
  }
}

/** `value` with thousands separators and `digits` decimals ('' for a non-number). */
export function thousands(value: unknown, digits = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const d = Math.min(10, Math.max(0, Math.floor(Number(digits) || 0)));
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }).format(n);
}

function makeEngine(): Liquid {
  const engine = new Liquid({
    outputEscape: 'escape',
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    templates: {},
    dynamicPartials: false,
  });
  for (const tag of ['include', 'render', 'layout']) delete (engine.tags as Record<string, unknown>)[tag];
  engine.registerFilter('raw', (v: unknown) => v);
  engine.registerFilter('cnAmount', (v: unknown) => {
    if (v === null || v === undefined || v === '') return '';
    try {
      return chineseAmount(v as number);
    } catch {
      return String(v);
    }
  });
  engine.registerFilter('thousands', (v: unknown, n?: unknown) => thousands(v, n === undefined ? 2 : Number(n)));
  engine.registerFilter('qrcode', { handler: (v: unknown, size?: unknown) => symbolImage('qrcode', v, Number(size) > 0 ? Number(size) : 100, 0), raw: true });
  engine.registerFilter('approvalTable', { handler: (v: unknown) => approvalTable(v), raw: true });
  engine.registerFilter('barcode', {
    handler: (v: unknown, bcid?: unknown, height?: unknown) => {
      const kind = typeof bcid === 'string' && IDENT.test(bcid) ? bcid : 'code128';
      return symbolImage(kind, v, 200, Number(height) > 0 ? Number(height) : 10);
    },
    raw: true,
  });
  return engine;
}

/** JNPF handleStatus → the approval table's 结果 text (reference print-report-portal.md §1). */
const HANDLE_STATUS = ['退回', '同意', '发起', '撤回', '终止', '指派', '加签', '转办', '变更', '反审核']; // 9: JNPF's 复活; our engine writes it for 反审核 (workflow FlowBefore/UnAudit)

/**
 * The approval records of a flow task as a 5-column table (节点, 审批人, 审批时间, 结果, 意见; JNPF's
 * systemApprovalContent): `{{ operatorRecordList | approvalTable }}`. Every cell is escaped here; '' when none.
 */
export function approvalTable(list: unknown): string {
  if (!Array.isArray(list) || !list.length) return '';
  const cell = (v: unknown) => `<td>${escapeAttr(v === null || v === undefined ? '' : String(v))}</td>`;
  const rows = list.map((r: Record<string, unknown>) => {
    const time = typeof r.handleTime === 'number' ? dayjs(r.handleTime).format('YYYY-MM-DD HH:mm') : '';
    return `<tr>${cell(r.nodeName)}${cell(r.userName)}${cell(time)}${cell(HANDLE_STATUS[Number(r.handleStatus)] ?? '')}${cell(r.handleOpinion)}</tr>`;
  });
  return `<table class="kd-approval" border="1"><thead><tr><th>节点</th><th>审批人</th><th>审批时间</th><th>结果</th><th>意见</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

let shared: Liquid | null = null;
const engine = () => (shared ??= makeEngine());

/**
 * The liquid source of a stored template: every element with `data-each="<list>"` wrapped in
 * `{% for <as> in <list> %}` … `{% endfor %}` (names must be identifiers, else the attribute is ignored).
 */
export async function liquidSource(html: string): Promise<string> {
  if (!html.includes('data-each')) return html;
  const { JSDOM } = await import('jsdom');
  const doc = new JSDOM('').window.document as unknown as Document;
  const tpl = doc.createElement('template');
  tpl.innerHTML = html;
  for (const el of Array.from(tpl.content.querySelectorAll('[data-each]'))) {
    const list = el.getAttribute('data-each') ?? '';
    const as = el.getAttribute('data-as') || 'row';
    if (!IDENT.test(list) || !IDENT.test(as)) continue;
    el.before(doc.createTextNode(`{% for ${as} in ${list} %}`));
    el.after(doc.createTextNode('{% endfor %}'));
    el.removeAttribute('data-each');
    el.removeAttribute('data-as');
  }
  return tpl.innerHTML;
}

/** Checks that a template parses (on save). @throws 400 template with liquid's message. */
export async function checkTemplate(html: string): Promise<void> {
  try {
    engine().parse(await liquidSource(html));
  } catch (e) {
    throw fail(400, 'template', { detail: messageOf(e) }, { field: 'printTemplate' });
  }
}

function messageOf(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 300);
}

/**
 * Merges `data` into the stored (sanitised) `html` and sanitises the result.
 * @throws 400 template (syntax) or render (undefined variable, a limit passed).
 */
export async function mergeTemplate(html: string, data: Record<string, unknown>): Promise<string> {
  let tpl: ReturnType<Liquid['parse']>;
  try {
    tpl = engine().parse(await liquidSource(html));
  } catch (e) {
    throw fail(400, 'template', { detail: messageOf(e) }, { field: 'printTemplate' });
  }
  let out: string;
  try {
    out = await engine().render(tpl, data);
  } catch (e) {
    throw fail(400, 'render', { detail: messageOf(e) }, { field: 'printTemplate' });
  }
  return sanitizePrintHtml(out);
}
