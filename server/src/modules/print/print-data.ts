import dayjs from 'dayjs';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { operatorRecords, readableRecord } from './access';
import { datasetData, parseSqlTemplate } from './datasets';
import { fail } from './messages';
import { checkPageParam } from './page-setup';
import { getPrintDev } from './repository';
import { mergeTemplate } from './template';
import type { PageParam, PrintDev } from './types';

/**
 * The print data of one record (issue 16 item 1; JNPF `GET /api/system/printDev/Data`, reference §1): the caller's
 * read of the record is checked first (access.ts; 404 otherwise), then the template's stored datasets run with
 * `@formId` bound (never SQL from the request), system fields are added and the template is merged (template.ts).
 */

/** The answer of GET printDev/Data (JNPF's three keys, plus the merged HTML and the page setup). */
export interface PrintDataAnswer {
  /** The stored template (sanitised HTML with liquid placeholders). */
  printTemplate: string;
  /** Main fields flat, sub-table rows under their keys, system fields `systemPrinter`, `systemPrintTime`. */
  printData: Record<string, unknown>;
  /** Approval records of a flow task (type 1), oldest first; [] otherwise. */
  operatorRecordList: Array<Record<string, unknown>>;
  /** The merged, escaped and sanitised HTML body: what the preview shows and the PDF prints. */
  html: string;
  pageParam: PageParam;
  fullName: string;
}

/** The data of `formId` for `tpl` as `session` may print it. @throws 404 (template or record unreadable), 400 (disabled, a dataset or merge error). */
export async function dataOf(db: Db, session: SessionInfo, tpl: PrintDev, formId: string): Promise<Record<string, unknown>> {
  const { record } = await readableRecord(db, session, tpl, formId);
  const data = await datasetData(db, parseSqlTemplate(tpl.sqlTemplate), formId, record, session);
  const operatorRecordList = tpl.type === 1 ? await operatorRecords(db, formId) : [];
  return {
    ...data,
    operatorRecordList,
    systemPrinter: session.realName || session.account,
    systemPrintTime: dayjs().format('YYYY-MM-DD HH:mm'),
  };
}

/** A template that may print: enabled. @throws 404 notFound, 400 disabled. */
export async function printableTemplate(db: Db, id: string): Promise<PrintDev> {
  const tpl = await getPrintDev(db, id);
  if (tpl.enabledMark !== 1) throw fail(400, 'disabled', { name: tpl.fullName });
  return tpl;
}

/** GET printDev/Data?id&formId. @throws as dataOf, mergeTemplate. */
export async function printData(db: Db, session: SessionInfo, id: string, formId: string): Promise<PrintDataAnswer> {
  const tpl = await printableTemplate(db, id);
  const printData = await dataOf(db, session, tpl, formId);
  const html = await mergeTemplate(tpl.printTemplate, printData);
  const { operatorRecordList, ...rest } = printData;
  return { printTemplate: tpl.printTemplate, printData: rest, operatorRecordList: operatorRecordList as Array<Record<string, unknown>>, html, pageParam: checkPageParam(tpl.pageParam), fullName: tpl.fullName };
}
