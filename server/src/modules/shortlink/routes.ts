import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { translate } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { ADMIN_MENU } from '../visualdev/base-routes';
import { toJnpfForm } from '../visualdev/jnpf-config';
import { type LoadedModel, loadModel } from '../visualdev/model-store';
import { publicColumnData } from './query-routes';
import { createOne, recordOfBody } from '../visualdev/record-service';
import { assertPublicWrite, publicForm, writableFields } from './fields';
import { encodeLink, type LinkType } from './encryption';
import { fieldListOf, fieldOptions, jnpfFieldItems, publicFields, subTableNames } from './query';
import { registerQueryRoutes } from './query-routes';
import { checkLinkPassword, type LinkRow, linkOf, openLink, saveLink } from './store';
import { isUnlocked, unlockCookie } from './unlock';

/**
 * 表单外链 (issue 18 item 7): a model's form at a public link for people outside the company (a supplier's staff), in
 * the shapes of JNPF 3.4's client (Mnxhp src/api/onlineDev/webDesign.js, views/onlineDev/webDesign/ShortLinkDialog.vue,
 * views/formShortLink). Two pages per model, each at `<origin>/#/formShortLink?id=<modelId>&encryption=<value>`: the
 * form (formUse) and the public query (columnUse, query-routes.ts). `encryption` is what JNPF's page decrypts to
 * `{ modelId, type }` (encryption.ts), plus a key made from the link's random 128-bit token, so a link cannot be made
 * up from the model id and the form's link does not open the query.
 *
 * Administrators (the 在线开发 menu): GET ShortLink/{modelId} and PUT ShortLink. Everyone (no sign-in, rate-limited
 * per address and link): getConfig/{modelId}, checkPwd, {modelId}/Config and POST {modelId} (create). The create goes
 * through the model's own write path (visualdev record-service createOne: the model's schema, field rules — hidden
 * fields not saved —, references, unique values, history), only with fields the public form shows (fields.ts), and
 * never anything but a create of that model. A password-protected link needs the md5 hex of its password in the
 * header `X-Link-Password` on the create, and the query's on ListLink and DataChange (checkPwd only checks it, as
 * JNPF's page does before showing the form or the list).
 */

/** The header that carries the md5 hex of a link's password on the create. */
export const PASSWORD_HEADER = 'x-link-password';

/** Rate limits of the public routes, per address and model: reading, password checks, creates (per minute). */
export const SHORT_LINK_RATES = { read: 60, checkPwd: 10, create: 20 } as const;

/** The rate limit of a public route: `max` per minute per client address and model id (params.id, else body.id). */
export const perLink = (max: number) => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => `shortlink|${req.ip}|${(req.params as { id?: string } | undefined)?.id ?? (req.body as { id?: string } | undefined)?.id ?? ''}`,
});

export const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] } as const;
/** `encryption` of a link page: hex of at most 512 characters (encryption.ts). */
export const tokenQuery = { type: 'object', properties: { encryption: { type: 'string', maxLength: 512 }, n: {} } } as const;

/**
 * A saved field list: JNPF's JSON string, an array of fields or names, or null — typed and bounded by query.ts
 * fieldListOf, not here: the schema's type coercion would turn a one-name array into a string and a string into an array.
 */
const FIELD_LIST = {} as const;

type IdReq = { Params: { id: string }; Querystring: { encryption?: string } };

/**
 * A page's link `<origin>/#/formShortLink?id=…&encryption=…` (origin from the request: Host, or X-Forwarded-* behind a
 * trusted proxy). To JNPF's web client (its `jnpf-origin` header) `<origin>/formShortLink?id=…&encryption=…`: its router
 * is in history mode (Mnxhp src/router/index.js:75), where a `/#/…` link opens its home, and so its sign-in page.
 */
export function pageLink(req: FastifyRequest, row: LinkRow, type: LinkType): string {
  const path = req.headers['jnpf-origin'] !== undefined ? '/formShortLink' : '/#/formShortLink';
  return `${req.protocol}://${req.host}${path}?id=${encodeURIComponent(row.id)}&encryption=${encodeLink(row.id, type, row.token)}`;
}

/**
 * What JNPF's client gets as `formPassword`/`columnPassword` of a page with a password: its dialog sends the answer back
 * on every 确定 and refuses one with the password on and empty (ShortLinkDialog.vue:358-360 请输入列表凭密码填写), and
 * passwords are stored hashed, so this stands for "the stored one": PUT keeps it.
 */
export const KEEP_PASSWORD = '••••••••';

/**
 * The admin answer in JNPF's ShortLinkDialog names (passwords never travel back: `formPassword`/`columnPassword` are
 * '', or KEEP_PASSWORD to JNPF's client when set); `columnCondition`/`columnText` JSON strings of JNPF field items
 * (query.ts), and `columnOptions` (ours: the fields the query may use, `{ value, label }`).
 */
function adminAnswer(req: FastifyRequest, model: LoadedModel, row: LinkRow | undefined) {
  const fields = publicFields(model.record.formData);
  const kept = (hash: string | null | undefined) => (hash && req.headers['jnpf-origin'] !== undefined ? KEEP_PASSWORD : '');
  return {
    id: model.record.id,
    formUse: row?.form_use ? 1 : 0,
    formLink: row ? pageLink(req, row, 'form') : '',
    formPassUse: row?.password_hash ? 1 : 0,
    formPassword: kept(row?.password_hash),
    columnUse: row?.column_use ? 1 : 0,
    columnLink: row ? pageLink(req, row, 'list') : '',
    columnPassUse: row?.column_password_hash ? 1 : 0,
    columnPassword: kept(row?.column_password_hash),
    columnCondition: jnpfFieldItems(row?.column_condition ?? [], fields),
    columnText: jnpfFieldItems(row?.column_text ?? [], fields),
    columnOptions: fieldOptions(fields),
    expiryTime: row?.expires_at ? row.expires_at.getTime() : null,
  };
}

/** The model of a link, or 404 (plain for the admin side). */
export async function modelOrNotFound(req: FastifyRequest, id: string): Promise<LoadedModel> {
  const model = await loadModel(req.server.db, id);
  if (!model) throw ApiError.notFound();
  return model;
}

const on = (v: unknown) => v === 1 || v === '1' || v === true;

const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/visualdev/ShortLink/{modelId} (在线开发) → the dialog's fields (adminAnswer); a model without a link answers it off. 404 no model. */
  app.get<IdReq>('/api/visualdev/ShortLink/:id', { config: { access: { menu: ADMIN_MENU } }, schema: { params: idParams } }, async (req) => {
    const model = await modelOrNotFound(req, req.params.id);
    return ok(adminAnswer(req, model, await linkOf(app.db, req.params.id)));
  });

  /**
   * PUT /api/visualdev/ShortLink `{ id (model), formUse 0|1, formPassUse 0|1, formPassword (plain, 6–20; '' or
   * KEEP_PASSWORD keeps the stored one), expiryTime (ms | null), columnUse 0|1, columnPassUse 0|1, columnPassword (as formPassword),
   * columnCondition, columnText (JNPF's JSON strings of fields, or arrays of names) }` (在线开发 btn_edit) →
   * adminAnswer, msg 保存成功. @throws 400 passwordRequired / passwordShort / badExpiry / columnFieldUnknown /
   * subTableField (a sub-table field as a query or shown field, named in the message: query.ts fieldListOf); 404 no model.
   */
  app.put<{ Body: Record<string, unknown> }>(
    '/api/visualdev/ShortLink',
    {
      config: { access: { menu: ADMIN_MENU, button: 'btn_edit' } },
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', maxLength: 100 },
            formPassword: { type: ['string', 'null'], maxLength: 100 },
            columnPassword: { type: ['string', 'null'], maxLength: 100 },
            columnCondition: FIELD_LIST,
            columnText: FIELD_LIST,
            expiryTime: { type: ['integer', 'null'] },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const id = String(b.id);
      const model = await modelOrNotFound(req, id);
      const fields = publicFields(model.record.formData);
      const subTables = subTableNames(model.record.formData);
      const str = (v: unknown) => (typeof v === 'string' && v !== KEEP_PASSWORD ? v : '');
      const settings = {
        formUse: on(b.formUse),
        passUse: on(b.formPassUse),
        password: str(b.formPassword),
        expiryTime: typeof b.expiryTime === 'number' ? b.expiryTime : null,
        columnUse: on(b.columnUse),
        columnPassUse: on(b.columnPassUse),
        columnPassword: str(b.columnPassword),
        columnCondition: fieldListOf(b.columnCondition, fields, subTables),
        columnText: fieldListOf(b.columnText, fields, subTables),
      };
      const row = await saveLink(app.db, id, settings, req.auth?.userId ?? null);
      return ok(adminAnswer(req, model, row), translate(req.lang, 'shortlink', 'saveOk'));
    },
  );

  /**
   * GET /api/visualdev/ShortLink/getConfig/{modelId}?encryption= (public; the form's or the query's value) → `{ id,
   * fullName, type ('form'|'list'), formUse, formPassUse, columnUse, columnPassUse, formLink (the opened page's link:
   * JNPF's page shares it by QR code), columnCondition, columnText (the query's JNPF field items; '[]' for the form),
   * expiryTime }`. @throws 404 linkClosed, 410 linkExpired.
   */
  app.get<IdReq>('/api/visualdev/ShortLink/getConfig/:id', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const { row, type } = await openLink(app.db, req.params.id, req.query.encryption);
    const model = await modelOrNotFound(req, row.id);
    const fields = publicFields(model.record.formData);
    const list = type === 'list';
    return ok({
      id: row.id,
      fullName: model.record.fullName,
      type,
      formUse: row.form_use && !list ? 1 : 0,
      formPassUse: !list && row.password_hash ? 1 : 0,
      columnUse: list ? 1 : 0,
      columnPassUse: list && row.column_password_hash ? 1 : 0,
      formLink: pageLink(req, row, type),
      columnCondition: list ? jnpfFieldItems(row.column_condition, fields) : '[]',
      columnText: list ? jnpfFieldItems(row.column_text, fields) : '[]',
      expiryTime: row.expires_at?.getTime() ?? null,
    });
  });

  /**
   * POST /api/visualdev/ShortLink/checkPwd `{ id (model), type: 0 form | 1 query, encryption, password (md5 hex) }`
   * (public) → ok; the page checked is the one `encryption` opens. A right password also sets the page's unlock
   * cookie (unlock.ts), which JNPF's client then sends instead of the password. @throws 400 passwordWrong, 404/410.
   */
  app.post<{ Body: { id?: string; encryption?: string; password?: string } }>(
    '/api/visualdev/ShortLink/checkPwd',
    {
      config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.checkPwd) },
      schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 }, type: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 10 }] }, encryption: { type: 'string', maxLength: 512 }, password: { type: 'string', maxLength: 64 } } } },
    },
    async (req, reply) => {
      const link = await openLink(app.db, req.body.id ?? '', req.body.encryption);
      await checkLinkPassword(link, req.body.password ?? '');
      if (link.type === 'form' ? link.row.password_hash : link.row.column_password_hash) reply.header('set-cookie', unlockCookie(link, req.protocol === 'https'));
      return ok(null);
    },
  );

  /**
   * GET /api/visualdev/ShortLink/{modelId}/Config?encryption= (public) → `{ id, fullName, enCode, webType, formData
   * (JSON string: the public form, fields.ts, in JNPF's names beside ours), columnData ('{}' for the form; for the query
   * the JSON of its reduced column design, query.ts publicListModel, in JNPF's names), flowId: '', enableFlow: 0 }`.
   */
  app.get<IdReq>('/api/visualdev/ShortLink/:id/Config', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.read) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const { row, type } = await openLink(app.db, req.params.id, req.query.encryption);
    const model = await modelOrNotFound(req, row.id);
    const { record } = model;
    const form = toJnpfForm(publicForm(record.formData) as unknown as Record<string, unknown>);
    const columnData = type === 'list' ? publicColumnData(model, row) : '{}';
    return ok({ id: record.id, fullName: record.fullName, enCode: record.enCode, webType: record.webType, formData: JSON.stringify(form), columnData, flowId: '', enableFlow: 0 });
  });

  /**
   * POST /api/visualdev/ShortLink/{modelId}?encryption= (public) with the record (flat, or JNPF's `{ data: '<JSON>' }`)
   * and, for a password-protected link, header X-Link-Password (md5 hex) or checkPwd's unlock cookie → `null`, msg 提交成功. Written by nobody
   * (created_by null), through the model's create. @throws 403 a field the public form does not show; 400 the model's
   * validation `{ errors }` / passwordRequired / passwordWrong; 404/410 as getConfig.
   */
  app.post<IdReq>('/api/visualdev/ShortLink/:id', { config: { access: 'public', rateLimit: perLink(SHORT_LINK_RATES.create) }, schema: { params: idParams, querystring: tokenQuery } }, async (req) => {
    const link = await openLink(app.db, req.params.id, req.query.encryption, 'form');
    await checkLinkPassword(link, req.headers[PASSWORD_HEADER], isUnlocked(link, req.headers.cookie));
    const model = await modelOrNotFound(req, link.row.id);
    const form = publicForm(model.record.formData);
    assertPublicWrite(recordOfBody(req.body, model), writableFields(form));
    await createOne(app.db, model, req.body, { userId: null, userName: null, organizeId: null, positionId: null, session: null }, req.lang);
    return ok(null, translate(req.lang, 'shortlink', 'submitOk'));
  });

  registerQueryRoutes(app);
};

export default shortLinkRoutes;
