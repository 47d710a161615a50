import type { FastifyInstance } from 'fastify';
import { BillRuleBodySchema as BODY, type BillRuleInput, type BillRuleListQuery, BillRuleListQuerySchema as LIST_QUERY } from '../../../../schemas/wire/bill-rule';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { registerRecordActions, sendJsonFile, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { previewBillNumber } from './number';
import {
  billRuleSelector,
  createBillRule,
  deleteBillRule,
  getBillRule,
  listBillRules,
  toggleBillRuleState,
  updateBillRule,
} from './repository';

const BASE = '/api/system/BillRule';
/** The bill-rule admin menu's enCode (its menu: urlAddress system/billRule); buttons btn_add/btn_edit/btn_remove. */
export const MENU = 'billRule';

/** Bill-rule routes (spec 001 §7 "Bill rule"): every `bill-rule` row of endpoints.tsv. */
export default async function billRuleRoutes(app: FastifyInstance): Promise<void> {
  /** GET BillRule?keyword&currentPage&pageSize → `{ list, pagination }`; each rule with outputNumber (last issued) and example (next). */
  app.get<{ Querystring: BillRuleListQuery }>(
    BASE,
    { config: { access: { menu: MENU } }, schema: { querystring: LIST_QUERY } },
    async (req) => ok(await listBillRules(app.db, req.query)),
  );

  /** GET BillRule/Selector → `{ list: [{id, fullName, enCode}] }` of enabled rules (the billRule widget's rule picker); any session. */
  app.get(`${BASE}/Selector`, { config: { access: 'signedIn' } }, async () => ok({ list: await billRuleSelector(app.db) }));

  /**
   * GET BillRule/BillNumber/{code}/1 → data: the next number of rule `code` (e.g. 'PO202501070001'), a preview that
   * consumes nothing; the number is assigned on save (nextBillNumber). 404 unknown code; 400 disabled rule.
   */
  app.get<{ Params: { code: string } }>(
    `${BASE}/BillNumber/:code/1`,
    { config: { access: 'signedIn' }, schema: { params: { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } } } },
    async (req) => ok(await previewBillNumber(app.db, req.params.code)),
  );

  /** POST BillRule: body `{fullName, enCode, prefix?, dateFormat?, digit, startNumber, description?, sortCode?, enabledMark?}` → `{ id }`. 400 names the field. */
  app.post<{ Body: BillRuleInput }>(
    BASE,
    { config: { access: { menu: MENU, button: 'btn_add' } }, schema: { body: BODY } },
    async (req) => ok({ id: await createBillRule(app.db, req.body, userOf(req)) }, t(req.lang, 'createOk')),
  );

  /**
   * POST BillRule/{id}: update, same body plus `version` (issue 27; a changed dateFormat restarts the sequence) →
   * `{ version }`. 404 unknown or binned id; 400 as create; 409 an older version (who changed it, when), nothing written.
   */
  app.post<{ Params: { id: string }; Body: BillRuleInput }>(
    `${BASE}/:id`,
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS, body: BODY } },
    async (req) => ok({ version: await updateBillRule(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk')),
  );

  /** GET BillRule/{id} → the rule (with `version`). 404 unknown or binned id. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req) => ok(await getBillRule(app.db, req.params.id)),
  );

  /**
   * DELETE BillRule/{id}?version (to the recycle bin, issue 27; 409 an older version) and POST BillRule/{id}/Actions/State
   * (toggles enabledMark, spec 001 §4 → `{ enabledMark }`). 404 unknown or binned id.
   */
  registerRecordActions(app, {
    base: BASE,
    menu: MENU,
    remove: (id, req) => deleteBillRule(app.db, id, { version: versionOf(req.query), actor: userOf(req) }),
    toggle: (id, req) => toggleBillRuleState(app.db, id, userOf(req)),
  });

  /** GET BillRule/{id}/Action/Export → the rule as a JSON attachment `<enCode>.json` (not an envelope); unknown id → 404 envelope. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Action/Export`,
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req, reply) => {
      const rule = await getBillRule(app.db, req.params.id);
      return sendJsonFile(reply, `${rule.enCode}.json`, rule);
    },
  );
}
