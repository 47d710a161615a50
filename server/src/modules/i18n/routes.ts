import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../plugins/envelope';
import { twToZh, zhToTw } from './convert';
import { inLang, isLangCode, LANGUAGES } from './languages';
import { langMessages, type Translation, translateByDict } from './repository';

/** Longest text the translate endpoints accept (characters). */
export const MAX_SRC = 5000;

const NOT_FOUND_MSG = { zh: '未找到翻译', en: 'No translation found', tw: '未找到翻譯', mas: 'Terjemahan tidak ditemui' } as const;

const srcQuery = {
  type: 'object',
  properties: { src: { type: 'string', maxLength: MAX_SRC }, n: {} },
} as const;

/** The `src` to translate: the query parameter, else a JSON body's `src` (some clients post it); missing → 400 naming src. */
function srcOf(query: unknown, body: unknown): string {
  const fromQuery = (query as { src?: unknown } | undefined)?.src;
  const fromBody = body && typeof body === 'object' ? (body as { src?: unknown }).src : undefined;
  const src = typeof fromQuery === 'string' ? fromQuery : fromBody;
  if (typeof src !== 'string') throw ApiError.of(400, 'required', { field: 'src' });
  if (src.length > MAX_SRC) throw ApiError.of(400, 'tooLong', { field: 'src' });
  return src;
}

/**
 * Language routes (spec 000 §7 Common; issue 5 item 5):
 * - GET /api/System/BaselangdicService/GetInfo → `{ list: [{ enCode, fullName }] }` (public: the login page has a picker).
 * - GET /api/System/BaselangdicService/GetLangSettingsByCode/:code → `{ enCode, fullName, messages: { key: text } }`
 *   (public); unknown code → 404.
 * - POST /api/System/translate/{zhtotw|twToZh|zhToEn|zhToMay}?src= → `{ text, translated }` (signed in).
 *   zhtotw/twToZh convert with opencc; zhToEn/zhToMay look the text up in the language dictionary and, with no entry,
 *   answer the source unchanged, `translated: false` and msg 未找到翻译 (in the request's language). Missing src → 400.
 */
export default async function i18nRoutes(app: FastifyInstance): Promise<void> {
  /** The language list (spec 000 §3 Language: enCode, fullName). */
  app.get('/api/System/BaselangdicService/GetInfo', { config: { access: 'public' } }, async () => ok({ list: LANGUAGES.map((l) => ({ ...l })) }));

  /** One language's dictionary entries for the client, as a flat `{ key: text }` map; 404 for an unknown code. */
  app.get<{ Params: { code: string } }>(
    '/api/System/BaselangdicService/GetLangSettingsByCode/:code',
    { config: { access: 'public' }, schema: { params: { type: 'object', properties: { code: { type: 'string', maxLength: 20 } }, required: ['code'] } } },
    async (req) => {
      const code = req.params.code;
      const lang = LANGUAGES.find((l) => l.enCode === code || (code.toLowerCase() === 'zh-cn' && l.enCode === 'zh'));
      if (!lang || !isLangCode(lang.enCode)) throw ApiError.notFound();
      return ok({ enCode: lang.enCode, fullName: lang.fullName, messages: await langMessages(app.db, lang.enCode) });
    },
  );

  const signedIn = { config: { access: 'signedIn' as const }, schema: { querystring: srcQuery } };
  const reply = (result: Translation, lang: 'zh' | 'en' | 'tw' | 'mas') => (result.translated ? ok(result) : ok(result, inLang(NOT_FOUND_MSG, lang)));

  /** Simplified → traditional Chinese (opencc cn → tw). Always `translated: true`. */
  app.post('/api/System/translate/zhtotw', signedIn, async (req) => ok({ text: zhToTw(srcOf(req.query, req.body)), translated: true }));

  /** Traditional → simplified Chinese (opencc tw → cn). Always `translated: true`. */
  app.post('/api/System/translate/twToZh', signedIn, async (req) => ok({ text: twToZh(srcOf(req.query, req.body)), translated: true }));

  /** Simplified Chinese → English from the language dictionary; no entry → the source, `translated: false`. */
  app.post('/api/System/translate/zhToEn', signedIn, async (req) => reply(await translateByDict(app.db, srcOf(req.query, req.body), 'en'), req.lang));

  /** Simplified Chinese → Malay from the language dictionary; no entry → the source, `translated: false`. */
  app.post('/api/System/translate/zhToMay', signedIn, async (req) => reply(await translateByDict(app.db, srcOf(req.query, req.body), 'mas'), req.lang));
}
