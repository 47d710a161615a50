import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { ID_PARAMS, KEYWORD_QUERY, MENU, TYPE_BODY } from './schemas';
import type { DictionaryTypeInput } from '../../../../schemas/wire/dictionary';
import { createType, deleteType, getType, typeSelector, typeTree, updateType } from './type-repository';

/** Dictionary type routes (spec 001 §7 "Dictionary types"), access through the 数据字典 menu. */
export default async function dictionaryTypeRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/system/DictionaryType?keyword → `{ list: tree }` of `{id,parentId,fullName,enCode,isTree,sortCode,enabledMark,description,hasChildren,children?}`; keyword keeps matches and their ancestors. */
  app.get<{ Querystring: { keyword?: string } }>(
    '/api/system/DictionaryType',
    { config: { access: { menu: MENU } }, schema: { querystring: KEYWORD_QUERY } },
    async (req) => ok({ list: await typeTree(app.db, req.query.keyword) }),
  );

  /** GET /api/system/DictionaryType/Selector/{id or 0} → `{ list: tree }` without type `id` and its subtree (parent picker). */
  app.get<{ Params: { id: string } }>(
    '/api/system/DictionaryType/Selector/:id',
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req) => ok({ list: await typeSelector(app.db, req.params.id) }),
  );

  /** POST /api/system/DictionaryType: body `{parentId?, fullName, enCode, isTree?, sortCode?, enabledMark?, description?}` → data `{ id }`. 400 names the field (required, code rule, enCode taken, unknown parent). */
  app.post<{ Body: DictionaryTypeInput }>(
    '/api/system/DictionaryType',
    { config: { access: { menu: MENU, button: 'btn_add' } }, schema: { body: TYPE_BODY } },
    async (req) => ok({ id: await createType(app.db, req.body) }, t(req.lang, 'createOk')),
  );

  /**
   * POST /api/system/DictionaryType/{id}: update, same body (plus `version`, issue 27) → `{ version }`. 404 unknown id;
   * 400 as create, or a parent inside its own subtree; 409 an older version (who changed it, when), nothing written.
   */
  app.post<{ Params: { id: string }; Body: DictionaryTypeInput }>(
    '/api/system/DictionaryType/:id',
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS, body: TYPE_BODY } },
    async (req) => ok({ version: await updateType(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk')),
  );

  /** GET /api/system/DictionaryType/{id} → the type. 404 unknown id. */
  app.get<{ Params: { id: string } }>(
    '/api/system/DictionaryType/:id',
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req) => ok(await getType(app.db, req.params.id)),
  );

  /**
   * DELETE /api/system/DictionaryType/{id}?version: to the recycle bin (issue 27). 404 unknown id; 400 while the type
   * still has data rows or child types; 409 an older version.
   */
  app.delete<{ Params: { id: string } }>(
    '/api/system/DictionaryType/:id',
    { config: { access: { menu: MENU, button: 'btn_remove' } }, schema: { params: ID_PARAMS } },
    async (req) => {
      await deleteType(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
      return ok(null, t(req.lang, 'deleteOk'));
    },
  );
}
