import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type DictionaryItemInput, type DictionaryItemListQuery, TreeFlagQuerySchema } from '../../../../schemas/wire/dictionary';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { registerRecordActions, sendJsonFile, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import {
  allDictionaries,
  createItem,
  deleteItem,
  exportType,
  getItem,
  itemSelector,
  listItems,
  optionsOf,
  toggleItemState,
  updateItem,
} from './data-repository';
import { DATA_BODY, DATA_LIST_QUERY, ID, ID_PARAMS, MENU } from './schemas';

const BASE = '/api/system/DictionaryData';

/**
 * Dictionary data routes (spec 001 §7 "Dictionary data"). Admin routes go through the 数据字典 menu; the option
 * lists that form widgets read (All, Data/Selector) only need a session. `{typeId}` accepts the type's id or enCode.
 */
export default async function dictionaryDataRoutes(app: FastifyInstance): Promise<void> {
  /** GET DictionaryData/All → `{ list: [{id, enCode, fullName, isTree, dictionaryList[]}] }`, enabled items, trees for tree types. */
  app.get(`${BASE}/All`, { config: { access: 'signedIn' } }, async () => ok({ list: await allDictionaries(app.db) }));

  /** GET DictionaryData/{typeId}?keyword&isTree → `{ list }`: the type's items (tree when isTree=1, or when omitted and the type is a tree). 404 unknown type. */
  app.get<{ Params: { id: string }; Querystring: DictionaryItemListQuery }>(
    `${BASE}/:id`,
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS, querystring: DATA_LIST_QUERY } },
    async (req) => ok({ list: await listItems(app.db, req.params.id, req.query) }),
  );

  /** GET DictionaryData/{typeId}/Selector/{id or 0}?isTree → `{ list }` of enabled options without item `id` and its subtree (parent picker). 404 unknown type. */
  app.get<{ Params: { id: string; parentId: string }; Querystring: { isTree?: string } }>(
    `${BASE}/:id/Selector/:parentId`,
    {
      config: { access: { menu: MENU } },
      schema: {
        params: { type: 'object', properties: { id: ID, parentId: ID }, required: ['id', 'parentId'] },
        querystring: Type.Object({ isTree: Type.Optional(TreeFlagQuerySchema) }),
      },
    },
    async (req) => ok({ list: await itemSelector(app.db, req.params.id, req.params.parentId, req.query.isTree || undefined) }),
  );

  /** GET DictionaryData/{typeId or enCode}/Data/Selector → `{ list: [{id, fullName, enCode, parentId, children?}] }`: what select widgets with dataType dictionary call. 404 unknown type. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Data/Selector`,
    { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } },
    async (req) => ok({ list: await optionsOf(app.db, req.params.id) }),
  );

  /** POST DictionaryData: body `{dictionaryTypeId, parentId?, fullName, enCode, sortCode?, enabledMark?, description?}` → `{ id }`. 400 names the field. */
  app.post<{ Body: DictionaryItemInput }>(
    BASE,
    { config: { access: { menu: MENU, button: 'btn_add' } }, schema: { body: DATA_BODY } },
    async (req) => ok({ id: await createItem(app.db, req.body) }, t(req.lang, 'createOk')),
  );

  /**
   * POST DictionaryData/{id}: update, same body (plus `version`, issue 27) → `{ version }`. 404 unknown id; 400 as
   * create or a parent below itself; 409 an older version (who changed it, when), nothing written.
   */
  app.post<{ Params: { id: string }; Body: DictionaryItemInput }>(
    `${BASE}/:id`,
    { config: { access: { menu: MENU, button: 'btn_edit' } }, schema: { params: ID_PARAMS, body: DATA_BODY } },
    async (req) => ok({ version: await updateItem(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk')),
  );

  /** GET DictionaryData/{id}/Info → the item. 404 unknown id. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Info`,
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req) => ok(await getItem(app.db, req.params.id)),
  );

  /**
   * DELETE DictionaryData/{id}?version (to the recycle bin, issue 27; 400 while it has child items, 409 an older
   * version) and POST DictionaryData/{id}/Actions/State (toggles enabledMark, spec 001 §4 → `{ enabledMark }`). 404
   * unknown id.
   */
  registerRecordActions(app, {
    base: BASE,
    menu: MENU,
    remove: (id, req) => deleteItem(app.db, id, { version: versionOf(req.query), actor: userOf(req) }),
    toggle: (id, req) => toggleItemState(app.db, id, userOf(req)),
  });

  /**
   * GET DictionaryData/{typeId}/Action/Export → a JSON file `{ dictionaryType, dictionaryData[] }` served as an attachment
   * named `<enCode>.json` (not an envelope). An unknown type answers the 404 envelope.
   */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Action/Export`,
    { config: { access: { menu: MENU } }, schema: { params: ID_PARAMS } },
    async (req, reply) => {
      const file = await exportType(app.db, req.params.id);
      return sendJsonFile(reply, `${file.dictionaryType.enCode}.json`, file);
    },
  );
}
