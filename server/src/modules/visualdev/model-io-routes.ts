import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ok } from '../../plugins/envelope';
import { storeTempFile } from '../files/temp-links';
import { ADMIN_MENU, adminModelOf } from './base-routes';
import { fail } from './messages';
import { exportRecord, importModel, MAX_MODEL_BYTES, parseModelFile } from './model-io';
import type { Model } from './model-store';

type IdParams = { id: string };
const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

/** `attachment; filename…` for a (possibly Chinese) file name: lib/disposition.ts (issue 24 item 4). */
export const attachment = (name: string): string => contentDisposition(name);

/** Sends a model's export file: `<fullName>.json` (application/json). */
function sendModel(reply: FastifyReply, record: Model): FastifyReply {
  const body = JSON.stringify(exportRecord(record), null, 2);
  return reply.header('content-disposition', attachment(`${record.fullName}.json`)).type('application/json; charset=utf-8').send(body);
}

/** The model file of an import request: the multipart `file` (≤ 5 MB) or the JSON body itself. */
async function modelFileOf(req: FastifyRequest): Promise<unknown> {
  if (!req.isMultipart()) return req.body;
  const file = await req.file({ limits: { fileSize: MAX_MODEL_BYTES, files: 1 } });
  if (!file) throw fail(400, 'noFile');
  let buf: Buffer;
  try {
    buf = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(400, 'fileTooLarge', { size: '5MB' });
    throw err;
  }
  return parseModelFile(buf.toString('utf8').replace(/^\uFEFF/, ''));
}

/**
 * The model's export file as JNPF's design list fetches it: stored, answered `{ name: '<fullName>.vdd', url }`. The
 * same JSON as our `.json` export, named as JNPF names its model files, since the design list's 导入 offers `.vdd`
 * files only (Mnxhp src/views/onlineDev/webDesign/index.vue:34 `accept=".vdd"`).
 */
async function modelLink(req: FastifyRequest, record: Model) {
  return ok(await storeTempFile(req.server, `${record.fullName}.vdd`, 'application/json; charset=utf-8', JSON.stringify(exportRecord(record), null, 2)));
}

/**
 * Model import and export (issue 4 item 6; spec 001 §7 "Visual dev"), under the 在线开发 menu:
 * - GET /api/visualdev/Base/{id}/Actions/Export → the model record as a file `<fullName>.json` (design.md §4 export
 *   format); errors stay JSON envelopes (404).
 * - POST /api/visualdev/OnlineDev/{id}/Actions/ExportData and …/OnlineDev/App/{id}/Actions/ExportData (no body; the
 *   design list's 导出 in JNPF's client, Mnxhp src/mixins/generator/index.js exportModel) → `{ name, url }`, url a
 *   signed link valid 5 minutes to the same file named `<fullName>.vdd` (files/temp-links.ts; issue 22 item 5).
 * - POST /api/visualdev/Base/Actions/Import (btn_add): multipart `file` (≤ 5 MB) or the same JSON as the body
 *   (≤ 5 MB, else HTTP 413) → `{ id, enCode, tables }`, msg 新建成功. Accepts JNPF v3 exports. A bad file → 400
 *   naming the path of the first problem; nothing is created.
 * - POST /api/visualdev/OnlineDev/Model/Actions/ImportData: the same import at the path of JNPF's design list 导入
 *   (Mnxhp src/views/onlineDev/webDesign/index.vue:34-35, JNPF-uploadBtn: el-upload's multipart `file`, the token in
 *   Authorization and no `jnpf-origin`; JNPF-uploadBtn/index.vue:50-65 toasts `msg`, red when `code` ≠ 200). A taken
 *   enCode becomes `code2`, `code3`… (not `code_2`: JNPF's designer refuses `_` in 功能编码 and would not open it).
 */
const modelIoRoutes: FastifyPluginAsync = async (app) => {
  const exportOpts = { config: { access: { menu: ADMIN_MENU } }, schema: { params: idParams } };
  app.get<{ Params: IdParams }>('/api/visualdev/Base/:id/Actions/Export', exportOpts, async (req, reply) => sendModel(reply, (await adminModelOf(req)).record));
  app.post<{ Params: IdParams }>('/api/visualdev/OnlineDev/:id/Actions/ExportData', exportOpts, async (req) => modelLink(req, (await adminModelOf(req)).record));
  app.post<{ Params: IdParams }>('/api/visualdev/OnlineDev/App/:id/Actions/ExportData', exportOpts, async (req) => modelLink(req, (await adminModelOf(req)).record));

  const importOpts = { config: { access: { menu: ADMIN_MENU, button: 'btn_add' } }, bodyLimit: MAX_MODEL_BYTES };
  const importHandler = (codeSep: '_' | '') => async (req: FastifyRequest) => {
    const record = await importModel(app.db, await modelFileOf(req), req.auth?.userId ?? null, codeSep);
    return ok({ id: record.id, enCode: record.enCode, tables: record.tables.map((x) => x.table) }, t(req.lang, 'createOk'));
  };
  app.post('/api/visualdev/Base/Actions/Import', importOpts, importHandler('_'));
  app.post('/api/visualdev/OnlineDev/Model/Actions/ImportData', importOpts, importHandler(''));
};

export default modelIoRoutes;
