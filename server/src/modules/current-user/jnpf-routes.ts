import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { registerMessages, t, translate } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { versionedUpdate } from '../_shared/row-version';
import { SYSTEM_ID } from '../oauth/jnpf-user';
import { MAX_SIGN_CHARS, SIGN_TYPE, type SignImg, signImgsOf } from './sign-img';

/**
 * JNPF v3.4's 个人信息 page and navbar calls on the current user (wuqingguang0816/Mnxhp src/api/permission/userSetting.js:
 * 72-134), beside our own Current routes (routes.ts):
 * - GET …/Current/getUserOrganizes and …/getUserPositions → `[{ id, fullName, isDefault }]`: the organisations and
 *   positions the user belongs to (users.organize_id / position_id and the user's relations), the main one
 *   `isDefault: true` (views/basic/profile/index.vue:224-240 reads `res.data`, `isDefault`).
 * - PUT …/Current/major `{ majorId, majorType }` (profile/index.vue:243-258, layout/components/NavbarRight.vue:168-183):
 *   majorType Organize or Position makes one of the user's own the main one (users.organize_id / position_id, which the
 *   policy engine reads at the next request); System accepts our one system (oauth/jnpf-user.ts SYSTEM_ID). 切换成功;
 *   anything else → 400 切换失败 and nothing changes.
 * - Signatures (…/Current/SignImg; components/SignImgDialog/index.vue:66-91, profile/components/UserInfo.vue:243-270):
 *   GET → `[{ id, signImg, isDefault }]` newest first; POST `{ signImg, isDefault }` adds one (a PNG or JPEG data URL of
 *   at most MAX_SIGN_CHARS; the first, or one sent with isDefault 1, becomes the default); PUT …/Current/{id}/SignImg makes
 *   it the default; DELETE …/Current/{id}/SignImg removes it (the newest left becomes the default). The default is
 *   CurrentUser's `userInfo.signImg` (defaultSignImg), which the approval dialog offers (views/workFlow/components/
 *   ApproveDialog.vue:135). Stored per user in personal_setting (config_type jnpfSignImg, one row per signature).
 */

const SIGN_IMG = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;

registerMessages('jnpf-current', {
  zh: { switched: '切换成功', switchFailed: '切换失败', badSign: '签名须为 PNG 或 JPEG 图片', signNotFound: '签名不存在' },
  en: { switched: 'Switched', switchFailed: 'Could not switch', badSign: 'The signature must be a PNG or JPEG image', signNotFound: 'No such signature' },
  mas: { switched: 'Berjaya ditukar', switchFailed: 'Gagal ditukar', badSign: 'Tandatangan mesti imej PNG atau JPEG', signNotFound: 'Tandatangan tidak wujud' },
});

/** Stores `list` as the user's signatures (rows not in it are removed) in one transaction. */
async function saveSigns(db: Db, userId: string, list: SignImg[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('personal_setting').where('owner_user_id', '=', userId).where('config_type', '=', SIGN_TYPE).execute();
    for (const s of list) {
      const { id, ...value } = s;
      await trx.insertInto('personal_setting').values({ owner_user_id: userId, config_key: id, config_type: SIGN_TYPE, property_json: JSON.stringify(value) }).execute();
    }
  });
}

/** The organisations (type Organize) or positions of user `userId`, the main one first, `{ id, fullName, isDefault }`. */
async function belongings(db: Db, userId: string, type: 'Organize' | 'Position') {
  const user = await db.selectFrom('users').select(['organize_id', 'position_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const main = type === 'Organize' ? user.organize_id : user.position_id;
  const related = (await db.selectFrom('user_relation').select('object_id').where('user_id', '=', userId).where('object_type', '=', type).execute()).map((r) => r.object_id);
  const ids = [...new Set([...(main ? [main] : []), ...related])];
  if (!ids.length) return [];
  const rows = type === 'Organize' ? await db.selectFrom('organize').select(['id', 'full_name']).where('id', 'in', ids).execute() : await db.selectFrom('position').select(['id', 'full_name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((r) => [r.id, r.full_name]));
  return ids.filter((id) => names.has(id)).map((id) => ({ id, fullName: names.get(id)!, isDefault: id === main }));
}

const me = (req: FastifyRequest) => {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth.userId;
};

/** Registers the routes of the module comment (any signed-in user, on their own records). */
export default async function jnpfCurrentRoutes(app: FastifyInstance): Promise<void> {
  const B = '/api/permission/Users/Current';
  const signedIn = { access: 'signedIn' as const };
  const tr = (req: FastifyRequest, key: string) => translate(req.lang, 'jnpf-current', key);
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;

  app.get(`${B}/getUserOrganizes`, { config: signedIn }, async (req) => ok(await belongings(app.db, me(req), 'Organize')));
  app.get(`${B}/getUserPositions`, { config: signedIn }, async (req) => ok(await belongings(app.db, me(req), 'Position')));

  app.put<{ Body: { majorId: string; majorType: 'System' | 'Organize' | 'Position' } }>(
    `${B}/major`,
    {
      config: signedIn,
      schema: { body: { type: 'object', required: ['majorId', 'majorType'], properties: { majorId: { type: 'string', maxLength: 100 }, majorType: { type: 'string', enum: ['System', 'Organize', 'Position'] } } } },
    },
    async (req) => {
      const userId = me(req);
      const { majorId, majorType } = req.body;
      if (majorType === 'System') {
        if (majorId !== SYSTEM_ID) throw new ApiError(400, tr(req, 'switchFailed'));
        return ok(null, tr(req, 'switched'));
      }
      if (!(await belongings(app.db, userId, majorType)).some((b) => b.id === majorId)) throw new ApiError(400, tr(req, 'switchFailed'));
      // The main organisation/position is on the administrators' user form: the switch steps the version (issue 27).
      await versionedUpdate(app.db, 'users', userId, majorType === 'Organize' ? { organize_id: majorId } : { position_id: majorId }, { actor: userId, notFound: () => ApiError.notFound() });
      return ok(null, tr(req, 'switched'));
    },
  );

  app.get(`${B}/SignImg`, { config: signedIn }, async (req) => ok((await signImgsOf(app.db, me(req))).map(({ id, signImg, isDefault }) => ({ id, signImg, isDefault }))));

  app.post<{ Body: { signImg: string; isDefault?: number } }>(
    `${B}/SignImg`,
    { config: signedIn, bodyLimit: MAX_SIGN_CHARS + 10_000, schema: { body: { type: 'object', required: ['signImg'], properties: { signImg: { type: 'string', maxLength: MAX_SIGN_CHARS }, isDefault: { type: 'integer', enum: [0, 1] } } } } },
    async (req) => {
      const userId = me(req);
      if (!SIGN_IMG.test(req.body.signImg)) throw new ApiError(400, tr(req, 'badSign'));
      const list = await signImgsOf(app.db, userId);
      const makeDefault = req.body.isDefault === 1 || !list.length;
      const added: SignImg = { id: randomUUID(), signImg: req.body.signImg, isDefault: makeDefault ? 1 : 0, creatorTime: Date.now() };
      await saveSigns(app.db, userId, [added, ...list.map((s) => (makeDefault ? { ...s, isDefault: 0 as const } : s))]);
      return ok({ id: added.id }, t(req.lang, 'createOk'));
    },
  );

  app.put<{ Params: { id: string } }>(`${B}/:id/SignImg`, { config: signedIn, schema: { params: idParams } }, async (req) => {
    const userId = me(req);
    const list = await signImgsOf(app.db, userId);
    if (!list.some((s) => s.id === req.params.id)) throw new ApiError(404, tr(req, 'signNotFound'));
    await saveSigns(app.db, userId, list.map((s) => ({ ...s, isDefault: s.id === req.params.id ? 1 : 0 })));
    return ok(null, t(req.lang, 'updateOk'));
  });

  app.delete<{ Params: { id: string } }>(`${B}/:id/SignImg`, { config: signedIn, schema: { params: idParams } }, async (req) => {
    const userId = me(req);
    const list = await signImgsOf(app.db, userId);
    const gone = list.find((s) => s.id === req.params.id);
    if (!gone) throw new ApiError(404, tr(req, 'signNotFound'));
    const rest = list.filter((s) => s !== gone);
    if (gone.isDefault && rest.length) rest[0] = { ...rest[0], isDefault: 1 };
    await saveSigns(app.db, userId, rest);
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
