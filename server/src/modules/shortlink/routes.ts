import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { translate } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { ADMIN_MENU } from '../visualdev/base-routes';
import { toJnpfForm } from '../visualdev/jnpf-config';
import { type LoadedModel, loadModel } from '../visualdev/model-store';
import { createOne, recordOfBody } from '../visualdev/record-service';
import { assertPublicWrite, publicForm, writableFields } from './fields';
import { checkLinkPassword, fail, type LinkRow, linkOf, openLink, saveLink } from './store';

/**
 * 表单外链 (issue 18 item 7): a model's form at a public link for people outside the company (a supplier's staff), in
 * the shapes of JNPF 3.4's client (Mnxhp src/api/onlineDev/webDesign.js, views/onlineDev/webDesign/ShortLinkDialog.vue,
 * views/formShortLink). The link is `<origin>/#/formShortLink?id=<modelId>&encryption=<token>`, the token a random
 * 128-bit secret (JNPF encrypts the model id with a fixed key instead; ours cannot be made up from the id).
 *
 * Administrators (the 在线开发 menu): GET ShortLink/{modelId} and PUT ShortLink. Everyone (no sign-in, rate-limited
 * per address and link): getConfig/{modelId}, checkPwd, {modelId}/Config and POST {modelId} (create). The create goes
 * through the model's own write path (visualdev record-service createOne: the model's schema, field rules — hidden
 * fields not saved —, references, unique values, history), only with fields the public form shows (fields.ts), and
 * never anything but a create of that model. A password-protected link needs the md5 hex of its password in the
 * header `X-Link-Password` on the create (checkPwd only checks it, as JNPF's page does before showing the form).
 * JNPF's public query (columnUse, ListLink, DataChange) is not offered: saving columnUse 1 is refused.
 */

/** The header that carries the md5 hex of a link's password on the create. */
export const PASSWORD_HEADER = 'x-link-password';

/** Rate limits of the public routes, per address and model: reading, password checks, creates (per minute). */
export const SHORT_LINK_RATES = { read: 60, checkPwd: 10, create: 20 } as const;

const perLink = (max: number) => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => `shortlink|${req.ip}|${(req.params as { id?: string } | undefined)?.id ?? (req.body as { id?: string } | undefined)?.id ?? ''}`,
});

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
const tokenQuery = { type: 'object', properties: { encryption: { type: 'string', maxLength: 200 }, n: {} } } as const;

type IdReq = { Params: { id: string }; Querystring: { encryption?: string } };

/** The link as `<origin>/#/formShortLink?id=…&encryption=…` (origin from the request: Host, or X-Forwarded-* behind a trusted proxy). */
function formLink(req: FastifyRequest, row: LinkRow): string {
  return `${req.protocol}://${req.host}/#/formShortLink?id=${encodeURIComponent(row.id)}&encryption=${row.token}`;
}

/** The admin answer in JNPF's ShortLinkDialog names (passwords never travel back: `formPassword` is ''). */
function adminAnswer(req: FastifyRequest, modelId: string, row: LinkRow | undefined) {
  return {
    id: modelId,
    formUse: row?.form_use ? 1 : 0,
    formLink: row ? formLink(req, row) : '',
    formPassUse: row?.password_hash ? 1 : 0,
    formPassword: '',
    columnUse: 0,
    columnLink: '',
    columnPassUse: 0,
    columnPassword: '',
    columnCondition: '[]',
    columnText: '[]',
    expiryTime: row?.expires_at ? row.expires_at.getTime() : null,
  };
}

async function modelOrNotFound(req: FastifyRequest, id: string): Promise<LoadedModel> {
  const model = await loadModel(req.server.db, id);
  if (!model) throw ApiError.notFound();
  return model;
}

const on = (v: unknown) => v === 1 || v === '1' || v === true;

const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/visualdev/ShortLink/{modelId} (在线开发) → the dialog's fields (adminAnswer); a model without a link answers it off. 404 no model. */
  app.get<IdReq>('/api/visualdev/ShortLink/:id', { config: { access: { menu: ADMIN_MENU } }, schema: { params: idParams } }, async (req) => {
    await modelOrNotFound(req, req.params.id);
    return ok(adminAnswer(req, req.params.id, await linkOf(app.db, req.params.id)));
  });

  /**
   * PUT /api/visualdev/ShortLink `{ id (model), formUse 0|1, formPassUse 0|1, formPassword (plain, 6–20; '' keeps the
   * stored one), expiryTime (ms | null), columnUse 0 }` (在线开发 btn_edit) → adminAnswer, msg 保存成功.
   * @throws 400 passwordRequired / passwordShort / badExpiry / columnUnsupported; 404 no model.
   */
  app.put<{ Body: Record<string, unknown> }>(
    '/api/visualdev/ShortLink',
    {
      config: { access: { menu: ADMIN_MENU, button: 'btn_edit' } },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 100 }, formPassword: { type: ['string', 'null'], maxLength: 100 }, expiryTime: { type: ['integer', 'null'] } },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const id = String(b.id);
      await modelOrNotFound(req, id);
      if (on(b.columnUse)) throw fail(400, 'columnUnsupported');
      const row = await saveLink(app.db, id, { formUse: on(b.formUse), passUse: on(b.formPassUse), password: typeof b.formPassword === 'string' ? b.formPassword : '', expiryTime: typeof b.expiryTime === 'number' ? b.expiryTime : null }, req.auth?.userId ?? null);
      return ok(adminAnswer(req, id, row), translate(req.lang, 'shortlink', 'saveOk'));
    },
  );

  /**
   * GET /api/visualdev/ShortLink/getConfig/{modelId}?encryption= (public) → `{ id, fullName, formUse: 1, formPassUse,
   * formLink, columnUse: 0, expiryTime }`. @throws 404 linkClosed, 410 linkExpired.
   */
  app.get<IdReq>('/api/visualdev/ShortLink/getConfig/:id', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const row = await openLink(app.db, req.params.id, req.query.encryption);
    const model = await loadModel(app.db, row.id);
    if (!model) throw fail(404, 'linkClosed');
    return ok({ id: row.id, fullName: model.record.fullName, formUse: 1, formPassUse: row.password_hash ? 1 : 0, formLink: formLink(req, row), columnUse: 0, expiryTime: row.expires_at?.getTime() ?? null });
  });

  /** POST /api/visualdev/ShortLink/checkPwd `{ id (model), type: 0, encryption, password (md5 hex) }` (public) → ok. @throws 400 passwordWrong, 404/410. */
  app.post<{ Body: { id?: string; encryption?: string; password?: string } }>(
    '/api/visualdev/ShortLink/checkPwd',
    {
      config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.checkPwd) },
      schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 }, encryption: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 64 } } } },
    },
    async (req) => {
      const row = await openLink(app.db, req.body.id ?? '', req.body.encryption);
      await checkLinkPassword(row, req.body.password ?? '');
      return ok(null);
    },
  );

  /**
   * GET /api/visualdev/ShortLink/{modelId}/Config?encryption= (public) → `{ id, fullName, enCode, webType, formData
   * (JSON string: the public form, fields.ts, in JNPF's names beside ours), columnData: '{}', flowId: '', enableFlow: 0 }`.
   */
  app.get<IdReq>('/api/visualdev/ShortLink/:id/Config', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const row = await openLink(app.db, req.params.id, req.query.encryption);
    const { record } = await modelOrNotFound(req, row.id);
    const form = toJnpfForm(publicForm(record.formData) as unknown as Record<string, unknown>);
    return ok({ id: record.id, fullName: record.fullName, enCode: record.enCode, webType: record.webType, formData: JSON.stringify(form), columnData: '{}', flowId: '', enableFlow: 0 });
  });

  /**
   * POST /api/visualdev/ShortLink/{modelId}?encryption= (public) with the record (flat, or JNPF's `{ data: '<JSON>' }`)
   * and, for a password-protected link, header X-Link-Password (md5 hex) → `null`, msg 提交成功. Written by nobody
   * (created_by null), through the model's create. @throws 403 a field the public form does not show; 400 the model's
   * validation `{ errors }` / passwordRequired / passwordWrong; 404/410 as getConfig.
   */
  app.post<IdReq>('/api/visualdev/ShortLink/:id', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.create) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const row = await openLink(app.db, req.params.id, req.query.encryption);
    await checkLinkPassword(row, req.headers[PASSWORD_HEADER]);
    const model = await modelOrNotFound(req, row.id);
    const form = publicForm(model.record.formData);
    assertPublicWrite(recordOfBody(req.body, model), writableFields(form));
    await createOne(app.db, model, req.body, { userId: null, userName: null, organizeId: null, positionId: null, session: null }, req.lang);
    return ok(null, translate(req.lang, 'shortlink', 'submitOk'));
  });
};

export default shortLinkRoutes;
