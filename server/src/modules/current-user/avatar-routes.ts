import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../i18n';
import { t } from '../../i18n';
import { resolveSession, tokenOf } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { AVATAR_MAX_BYTES, avatarDir, contentTypeOf, isAvatarName, readAvatar, removeAvatar, saveAvatar, sniffImage } from './avatar';
import { AVATAR_URL, avatarUrl, setUserColumn } from './repository';

const MESSAGES = {
  tooLarge: { zh: '图片大小不能超过5M', en: 'Image size cannot exceed 5 MB', tw: '圖片大小不能超過5M', mas: 'Saiz imej tidak boleh melebihi 5 MB' },
  notImage: { zh: '只能上传图片文件', en: 'Only image files can be uploaded', tw: '只能上傳圖片文件', mas: 'Hanya fail imej boleh dimuat naik' },
} as const;

function message(key: keyof typeof MESSAGES, lang: Lang): string {
  return MESSAGES[key][lang] ?? MESSAGES[key].zh;
}

const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

/**
 * Avatar routes (spec 000 §7 "Current user"; §5 image rules):
 * - POST (or PUT) /api/permission/Users/Current/Avatar/:name
 *   - multipart/form-data with one image file (≤ 5 MB; png, jpeg, gif, webp or bmp by content): stores it, sets the
 *     caller's headIcon, deletes the previous avatar file when no one else uses it. `:name` is the client's file name
 *     (informational). Too large → 400 图片大小不能超过5M; not an image → 400 naming file.
 *   - no body (the JNPF flow: the image was uploaded before under files/userAvatar): `:name` is that stored name;
 *     a malformed name → 400, unknown file → 404.
 *   Replies `{ name, fileId, url }` (spec 000 §3 "Uploaded file").
 * - GET /api/file/Image/userAvatar/:name: the image, for any signed-in user (avatars show in chat, subordinates and
 *   member lists). The session token comes from the Authorization header or, for `<img src>`, a `token` query.
 */
export default async function avatarRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  }
  const dir = avatarDir(app);

  const upload = async (req: FastifyRequest<{ Params: { name: string } }>) => {
    const me = req.auth!.userId;
    let name: string;
    if (req.isMultipart()) {
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw ApiError.of(400, 'required', { field: 'file' });
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest(message('tooLarge', req.lang));
        throw err;
      }
      const ext = sniffImage(buf);
      if (!ext) throw ApiError.badRequest(message('notImage', req.lang), { field: 'file' });
      name = await saveAvatar(dir, buf, ext);
    } else {
      name = req.params.name;
      if (!isAvatarName(name)) throw ApiError.of(400, 'invalid', { field: 'name' });
      if (!(await readAvatar(dir, name))) throw ApiError.notFound();
    }
    const previous = await app.db.selectFrom('users').select('head_icon').where('id', '=', me).executeTakeFirst();
    await setUserColumn(app.db, me, 'head_icon', name);
    const old = previous?.head_icon;
    if (old && old !== name) {
      const shared = await app.db.selectFrom('users').select('id').where('head_icon', '=', old).executeTakeFirst();
      if (!shared) await removeAvatar(dir, old);
    }
    return ok({ name, fileId: name, url: avatarUrl(name) }, t(req.lang, 'updateOk'));
  };
  const uploadOpts = { config: { access: 'signedIn' as const }, schema: { params: nameParams } };
  app.post('/api/permission/Users/Current/Avatar/:name', uploadOpts, upload);
  app.put('/api/permission/Users/Current/Avatar/:name', uploadOpts, upload);

  /** GET AVATAR_URL + :name → the image bytes (signed-in callers; header or `token` query); 404 when unknown. */
  app.get<{ Params: { name: string }; Querystring: { token?: string } }>(
    `${AVATAR_URL}:name`,
    {
      config: { access: 'public' },
      schema: { params: nameParams, querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 }, n: {} } } },
    },
    async (req, reply) => {
      const token = tokenOf(req) ?? (req.query.token ? req.query.token.replace(/^Bearer\s+/i, '').trim() : null);
      req.auth = await resolveSession(app.db, token);
      const buf = await readAvatar(dir, req.params.name);
      if (!buf) throw ApiError.notFound();
      return reply
        .header('Content-Type', contentTypeOf(req.params.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=86400')
        .send(buf);
    },
  );
}
