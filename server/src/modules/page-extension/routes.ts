import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { builtinPage, mayOpenPage } from '../visualdev/builtin-pages';
import { checkExtension } from './check';
import { fail } from './messages';
import { loadExtension, saveExtension } from './store';

interface CodeParams {
  code: string;
}

const CodeParamsSchema = { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' } }, required: ['code'] } as const;

const ExtensionBodySchema = {
  type: 'object',
  properties: { fields: { type: 'array', maxItems: 200 }, columns: { type: 'array', maxItems: 200 }, version: { type: 'integer', minimum: 0 } },
  required: ['fields', 'columns', 'version'],
  additionalProperties: false,
} as const;

/**
 * Administrators extend built-in pages (issue 26 item 4):
 * - GET /api/visualdev/OnlineDev/{code}/Extension → `{ fields, columns, version }` (version 0 and empty lists when
 *   none is stored), for whoever may open the page;
 * - PUT the same path `{ fields, columns, version }` → `{ version }` (the new one), for whoever may edit models in
 *   online development (menu webDesign, button btn_edit). Checked as any model's fields (check.ts), 409 when `version`
 *   is not the stored one (another administrator saved meanwhile: nothing is overwritten), 404 for an unknown page.
 * The page's Config answers the shipped config with these fields and columns appended (builtin-pages.ts).
 */
export default async function pageExtensionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: CodeParams }>('/api/visualdev/OnlineDev/:code/Extension', { config: { access: 'signedIn' }, schema: { params: CodeParamsSchema } }, async (req) => {
    const page = builtinPage(req.params.code);
    if (!page) throw fail(404, 'pageNotFound', { code: req.params.code });
    if (!(await mayOpenPage(app.db, req.auth!, page))) throw fail(404, 'pageNotFound', { code: req.params.code });
    const ext = await loadExtension(app.db, page.code);
    return ok({ fields: ext?.fields ?? [], columns: ext?.columns ?? [], version: ext?.version ?? 0 });
  });

  app.put<{ Params: CodeParams; Body: { fields: unknown[]; columns: unknown[]; version: number } }>(
    '/api/visualdev/OnlineDev/:code/Extension',
    { config: { access: { menu: 'webDesign', button: 'btn_edit' } }, schema: { params: CodeParamsSchema, body: ExtensionBodySchema } },
    async (req) => {
      const page = builtinPage(req.params.code);
      if (!page) throw fail(404, 'pageNotFound', { code: req.params.code });
      if (!page.resource?.create && !page.resource?.update) throw fail(400, 'notExtensible', { code: page.code });
      const { fields, columns } = checkExtension(page, req.body.fields, req.body.columns);
      const version = await saveExtension(app.db, page.code, { fields, columns, version: req.body.version }, req.auth!.userId);
      return ok({ version }, t(req.lang, 'updateOk'));
    },
  );
}
