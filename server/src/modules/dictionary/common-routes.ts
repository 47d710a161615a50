import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { itemsByCodes, optionsOf } from './data-repository';
import { ID_PARAMS } from './schemas';

const BASE = '/api/SubDev/CommonData';
const CODE = { type: 'string', minLength: 1, maxLength: 50 } as const;

/** Shared dictionary look-ups for forms (spec 000 §7 Common; 001 §7 Dictionary data); any signed-in user. */
export default async function dictionaryCommonRoutes(app: FastifyInstance): Promise<void> {
  /** GET CommonData/GetDictionaryDataByEnCode?enCode=X → data: `[{id, fullName, enCode, parentId}]`, the enabled items of type X (unknown code: []). */
  app.get<{ Querystring: { enCode: string } }>(
    `${BASE}/GetDictionaryDataByEnCode`,
    { config: { access: 'signedIn' }, schema: { querystring: { type: 'object', properties: { enCode: CODE }, required: ['enCode'] } } },
    async (req) => ok((await itemsByCodes(app.db, [req.query.enCode]))[req.query.enCode]),
  );

  /** GET CommonData/getDictionaryDataByEnCodes?enCodes=a,b → data: `{ a: [...], b: [...] }` (unknown codes map to []). */
  app.get<{ Querystring: { enCodes: string } }>(
    `${BASE}/getDictionaryDataByEnCodes`,
    {
      config: { access: 'signedIn' },
      schema: { querystring: { type: 'object', properties: { enCodes: { type: 'string', minLength: 1, maxLength: 2000 } }, required: ['enCodes'] } },
    },
    async (req) => {
      const codes = [...new Set(req.query.enCodes.split(',').map((c) => c.trim()).filter(Boolean))].slice(0, 100);
      return ok(await itemsByCodes(app.db, codes));
    },
  );

  /** GET CommonData/GetBasicDataByType/{type} → data: `{ list }` of enabled options of the dictionary type `type` (enCode or id; tree for tree types). 404 unknown type. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/GetBasicDataByType/:id`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } },
    async (req) => ok({ list: await optionsOf(app.db, req.params.id) }),
  );
}
