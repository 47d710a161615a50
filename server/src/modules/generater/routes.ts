import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ApiError, ok } from '../../plugins/envelope';
import { type LoadedModel, loadModel } from '../visualdev/model-store';
import { type GeneratedFile, generateCode, zipFiles } from './generate';
import { AREAS, CLASS_NAME, PATH_SAFE_ID, pascalCase } from './names';

/** Body of CodePreview and DownloadCode (spec 001 §7): the area (`module`), optional class name and description. */
interface GenerateBody {
  module?: string;
  className?: string;
  description?: string;
}

const bodySchema = {
  type: 'object',
  properties: {
    module: { type: 'string', maxLength: 50 },
    className: { type: 'string', maxLength: 50 },
    description: { type: 'string', maxLength: 200 },
  },
} as const;

const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;

type Req = FastifyRequest<{ Params: { id: string }; Body: GenerateBody | undefined }>;

/**
 * The files for the request's model and body: 404 unknown model; 400 when the area is not one of AREAS, the class
 * name is not PascalCase ASCII (none given and none derivable from the enCode), or the model cannot be generated
 * (its id is not path-safe, or its configuration does not compile: the message names it). Sub-tables are generated
 * with the main table (child-table queries in repository.ts).
 */
async function filesFor(req: Req): Promise<{ model: LoadedModel; files: GeneratedFile[] }> {
  let model: LoadedModel | null;
  try {
    model = await loadModel(req.server.db, req.params.id);
  } catch (err) {
    throw new ApiError(400, t(req.lang, 'modelBroken', { detail: err instanceof Error ? err.message : String(err) }));
  }
  if (!model) throw ApiError.notFound();
  const body = req.body ?? {};
  const area = (body.module ?? '').trim();
  if (!area) throw ApiError.of(400, 'required', { field: 'module' });
  if (!(AREAS as readonly string[]).includes(area)) throw ApiError.of(400, 'notAllowed', { field: 'module' });
  const className = (body.className ?? '').trim() || pascalCase(model.record.enCode);
  if (!CLASS_NAME.test(className)) throw ApiError.of(400, body.className?.trim() ? 'invalid' : 'required', { field: 'className' });
  if (!PATH_SAFE_ID.test(model.record.id)) throw new ApiError(400, t(req.lang, 'modelBroken', { detail: `id ${model.record.id}` }));
  const description = (body.description ?? '').trim() || model.record.fullName;
  return { model, files: generateCode(model, { area, className, description }) };
}

/**
 * Code generation (spec 001 §7 "Visual dev": Generater AreasName, CodePreview, DownloadCode; issue 4 item 8).
 * Access: AreasName for any signed-in user; CodePreview and DownloadCode for administrators and holders of a menu
 * bound to the model.
 */
const generaterRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/visualdev/Generater/AreasName → data: the area names as a plain array of strings (JNPF's shape), e.g.
   * `['system', 'extend', 'purchasing', …]`. Each is a folder under src/app/pages and server/src/modules.
   */
  app.get('/api/visualdev/Generater/AreasName', { config: { access: 'signedIn' } }, async () => ok([...AREAS]));

  /**
   * POST /api/visualdev/Generater/{id}/Actions/CodePreview, body `{ module, className?, description? }` →
   * `{ list: [{ fileName, fileContent, fileType }] }`: the files DownloadCode would put in its zip (paths relative to
   * the repository root). Errors: see filesFor.
   */
  app.post<{ Params: { id: string }; Body: GenerateBody | undefined }>(
    '/api/visualdev/Generater/:id/Actions/CodePreview',
    { config: { access: { model: 'id' } }, schema: { params: idParams, body: bodySchema } },
    async (req) => ok({ list: (await filesFor(req)).files }),
  );

  /**
   * POST /api/visualdev/Generater/{id}/Actions/DownloadCode, same body → `application/zip` attachment
   * `<enCode>-code.zip` holding the CodePreview files at their paths (not an envelope). Errors as envelopes (filesFor).
   */
  app.post<{ Params: { id: string }; Body: GenerateBody | undefined }>(
    '/api/visualdev/Generater/:id/Actions/DownloadCode',
    { config: { access: { model: 'id' } }, schema: { params: idParams, body: bodySchema } },
    async (req, reply) => {
      const { model, files } = await filesFor(req);
      const zip = await zipFiles(files);
      return reply.header('content-disposition', contentDisposition(`${model.record.enCode}-code.zip`)).type('application/zip').send(zip);
    },
  );
};

export default generaterRoutes;
