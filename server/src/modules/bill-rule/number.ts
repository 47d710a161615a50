import dayjs from 'dayjs';
import { sql } from 'kysely';
import { fail } from './messages';
import type { BillRuleDb } from './types';

/** The period key of `now` for a rule's date format: '' without a date part, else the formatted date (dayjs tokens). */
export function periodOf(dateFormat: string, now: Date = new Date()): string {
  return dateFormat ? dayjs(now).format(dateFormat) : '';
}

/** `prefix + period + sequence` with the sequence left-padded with zeros to `digit` digits (never truncated). */
export function formatBillNumber(prefix: string, period: string, sequence: number, digit: number): string {
  return `${prefix}${period}${String(sequence).padStart(digit, '0')}`;
}

/** What a rule's next sequence is in `period`: the start number in a new period, else the last one plus one. */
export function nextSequence(
  rule: { current_number: number | null; current_period: string | null; start_number: number },
  period: string,
): number {
  if (rule.current_number === null || rule.current_period === null || rule.current_period < period) return rule.start_number;
  return rule.current_number + 1;
}

async function loadRule(db: BillRuleDb, enCode: string) {
  const rule = await db
    .selectFrom('bill_rule')
    .select(['id', 'full_name', 'prefix', 'date_format', 'digit', 'start_number', 'current_number', 'current_period', 'enabled_mark'])
    .where('en_code', '=', enCode)
    .where('f_deleted_at', 'is', null)
    .executeTakeFirst();
  // A rule in the recycle bin (issue 27) issues and previews nothing, as a missing one.
  if (!rule) throw fail(404, 'ruleNotFound', { code: enCode });
  if (rule.enabled_mark !== 1) throw fail(400, 'disabled', { name: rule.full_name, code: enCode });
  return rule;
}

/**
 * Issues the next bill number of the rule `enCode` (spec 001 §7 "Bill rule"; issue 3 billRule behaviour).
 * Call it with the transaction that stores the record: the single `UPDATE … SET current_number = … RETURNING` takes the
 * rule's row lock until that transaction ends, so concurrent saves get distinct consecutive numbers, and a rolled-back
 * save gives its number back (gap-free). The sequence restarts at startNumber when the date period changes; a period
 * older than the stored one (clock skew around midnight) continues the newer period instead of reusing numbers.
 * Returns e.g. 'PO202501070001'. Throws ApiError 404 (no such rule) or 400 (rule disabled).
 */
export async function nextBillNumber(db: BillRuleDb, enCode: string, now: Date = new Date()): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rule = await loadRule(db, enCode);
    const period = periodOf(rule.date_format, now);
    const isNewPeriod = sql<boolean>`(current_number is null or current_period is null or current_period < ${period})`;
    const row = await db
      .updateTable('bill_rule')
      .set({
        current_number: sql<number>`case when ${isNewPeriod} then start_number else current_number + 1 end`,
        current_period: sql<string>`case when ${isNewPeriod} then ${period} else current_period end`,
      })
      .where('id', '=', rule.id)
      .where('date_format', '=', rule.date_format)
      .where('enabled_mark', '=', 1)
      .where('f_deleted_at', 'is', null)
      .returning(['prefix', 'digit', 'current_number', 'current_period'])
      .executeTakeFirst();
    // No row: the rule was edited (date format), disabled or binned between the read and the update; read it again.
    if (row) return formatBillNumber(row.prefix, row.current_period ?? '', row.current_number ?? 0, row.digit);
  }
  throw fail(500, 'generateFailed', { code: enCode });
}

/**
 * The number `nextBillNumber` would issue now, without consuming it (GET BillRule/BillNumber/{code}/1, spec 001 §7).
 * Throws ApiError 404 (no such rule) or 400 (rule disabled).
 */
export async function previewBillNumber(db: BillRuleDb, enCode: string, now: Date = new Date()): Promise<string> {
  const rule = await loadRule(db, enCode);
  const period = periodOf(rule.date_format, now);
  const effective = rule.current_period !== null && rule.current_period > period ? rule.current_period : period;
  return formatBillNumber(rule.prefix, effective, nextSequence(rule, period), rule.digit);
}
