import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { CODE_PATTERN } from '../dictionary/messages';
import { FIELD, fail } from './messages';
import { formatBillNumber, nextSequence, periodOf } from './number';
import { BILL_DATE_FORMATS, type BillRule, type BillRuleInput, type BillRuleListQuery, type BillRuleOption, type BillRulePage } from '../../../../schemas/wire/bill-rule';
import type { BillRuleDb, BillRuleTable } from './types';


/** Maps a row to the wire shape, with the last issued number and today's next number. */
export function toDto(r: Selectable<BillRuleTable>, now: Date = new Date()): BillRule {
  const period = periodOf(r.date_format, now);
  const effective = r.current_period !== null && r.current_period > period ? r.current_period : period;
  return {
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    prefix: r.prefix,
    dateFormat: r.date_format,
    digit: r.digit,
    startNumber: r.start_number,
    currentNumber: r.current_number,
    currentPeriod: r.current_period,
    outputNumber: r.current_number === null ? '' : formatBillNumber(r.prefix, r.current_period ?? '', r.current_number, r.digit),
    example: formatBillNumber(r.prefix, effective, nextSequence(r, period), r.digit),
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: r.updated_at ? new Date(r.updated_at).getTime() : null,
    version: r.f_version,
  };
}

/**
 * Checks a create/update body beyond its JSON Schema (spec 001 §5). Throws ApiError 400 naming the field:
 * fullName/enCode required, enCode by the code rule, dateFormat one of BILL_DATE_FORMATS, digit 1–9,
 * startNumber 0 … 10^digit − 1.
 */
export function checkInput(b: BillRuleInput): void {
  if (!b.fullName?.trim()) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!b.enCode?.trim()) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(b.enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
  if (!(BILL_DATE_FORMATS as readonly string[]).includes(b.dateFormat ?? '')) throw fail(400, 'dateFormat', {}, { field: 'dateFormat' });
  if (!Number.isInteger(b.digit) || b.digit < 1 || b.digit > 9) throw fail(400, 'digit', {}, { field: 'digit' });
  if (!Number.isInteger(b.startNumber) || b.startNumber < 0 || String(b.startNumber).length > b.digit) {
    throw fail(400, 'startNumber', { digit: b.digit }, { field: 'startNumber' });
  }
}

/** A write's version check (issue 27): the version the caller read (undefined: last write wins) and who writes. */
export interface RuleWrite {
  version?: number;
  actor: string | null;
}

/** The rules outside the recycle bin (every read but the code check, which still sees binned rules until the purge). */
const live = (db: BillRuleDb) => db.selectFrom('bill_rule').where('f_deleted_at', 'is', null);

/** Refuses a code any rule holds, binned ones too (they keep it until purged). */
async function assertCodeFree(db: BillRuleDb, enCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('bill_rule').select('id').where('en_code', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw fail(400, 'codeExists', { code: enCode }, { field: 'enCode' });
}

/** Page of rules, newest order by sortCode then creation; keyword matches fullName or enCode (spec 001 §7). */
export async function listBillRules(
  db: BillRuleDb,
  q: BillRuleListQuery,
): Promise<BillRulePage> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  let base = live(db);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('full_name', 'ilike', `%${kw}%`), eb('en_code', 'ilike', `%${kw}%`)]));
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('sort_code')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const now = new Date();
  return { list: rows.map((r) => toDto(r, now)), pagination: { currentPage, pageSize, total: Number(total) } };
}

/** Enabled rules for pickers (the billRule widget's rule chooser): `{id, fullName, enCode}[]`. */
export async function billRuleSelector(db: BillRuleDb): Promise<BillRuleOption[]> {
  const rows = await live(db)
    .select(['id', 'full_name', 'en_code'])
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .orderBy('full_name')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code }));
}

/** One rule by id. Throws ApiError 404. */
export async function getBillRule(db: BillRuleDb, id: string): Promise<BillRule> {
  const row = await live(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  return toDto(row);
}

/** Creates a rule; returns its id. Throws ApiError 400 (checkInput, duplicate enCode). */
export async function createBillRule(db: BillRuleDb, b: BillRuleInput, userId: string | null): Promise<string> {
  checkInput(b);
  await assertCodeFree(db, b.enCode);
  const id = randomUUID();
  await db
    .insertInto('bill_rule')
    .values({
      id,
      full_name: b.fullName.trim(),
      en_code: b.enCode,
      prefix: b.prefix ?? '',
      date_format: b.dateFormat ?? '',
      digit: b.digit,
      start_number: b.startNumber,
      description: b.description ?? null,
      sort_code: b.sortCode ?? 0,
      enabled_mark: b.enabledMark ?? 1,
      created_by: userId,
    })
    .execute();
  return id;
}

/**
 * Updates a rule → its new version. Changing the date format restarts the sequence (the next number starts at
 * startNumber in the new format's period); otherwise the issued sequence carries on. Throws ApiError 404 (unknown or
 * binned) / 400; 409 when `w.version` is older than the rule's (who changed it, when; nothing written).
 */
export async function updateBillRule(db: BillRuleDb, id: string, b: BillRuleInput, w: RuleWrite): Promise<number> {
  checkInput(b);
  const old = await live(db).select(['date_format']).where('id', '=', id).executeTakeFirst();
  if (!old) throw fail(404, 'notFound');
  await assertCodeFree(db, b.enCode, id);
  const dateFormat = b.dateFormat ?? '';
  const set = {
    full_name: b.fullName.trim(),
    en_code: b.enCode,
    prefix: b.prefix ?? '',
    date_format: dateFormat,
    digit: b.digit,
    start_number: b.startNumber,
    description: b.description ?? null,
    sort_code: b.sortCode ?? 0,
    ...(b.enabledMark === undefined ? {} : { enabled_mark: b.enabledMark }),
    ...(dateFormat === old.date_format ? {} : { current_number: null, current_period: null }),
  };
  return versionedUpdate(db, 'bill_rule', id, set, { ...w, notFound: () => fail(404, 'notFound') });
}

/**
 * Moves a rule to the recycle bin (issue 27 item 2; restored with its sequence as it was). Throws ApiError 404
 * (unknown or binned); 409 when `w.version` is older than the rule's (nothing deleted).
 */
export async function deleteBillRule(db: BillRuleDb, id: string, w: RuleWrite = { actor: null }): Promise<void> {
  await softDelete(db, 'bill_rule', id, { ...w, notFound: () => fail(404, 'notFound') });
}

/** Switches enabledMark 1 <-> 0 (spec 001 §4 state toggle; version +1); returns the new value. Throws ApiError 404 (unknown or binned). */
export async function toggleBillRuleState(db: BillRuleDb, id: string, userId: string | null): Promise<number> {
  const row = await live(db).select('enabled_mark').where('id', '=', id).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  const next = row.enabled_mark === 1 ? 0 : 1;
  await versionedUpdate(db, 'bill_rule', id, { enabled_mark: next }, { actor: userId, notFound: () => fail(404, 'notFound') });
  return next;
}
