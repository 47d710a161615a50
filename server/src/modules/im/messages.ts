import { type Lang, registerMessages, translate } from '../../i18n';

/**
 * The texts of the chat socket's error frames (schemas/wire/im.ts ErrorFrame) in the socket user's language; tw is
 * derived from zh. Logout texts reuse the common session messages (sessionExpired, forcedOffline, invalidToken).
 */
registerMessages('im', {
  zh: {
    notJson: '消息格式错误：需要 JSON 文本',
    unknownMethod: '不支持的方法：{method}',
    badFrame: '消息格式错误：{detail}',
    tooLarge: '消息过大（最多 64 KB）',
    tooMany: '发送过于频繁，请稍后再试',
    empty: '不能发送空白消息',
    badText: '消息含有无效字符',
    noUser: '用户不存在或已停用',
    self: '不能给自己发消息',
    notCaller: '只能查看自己的会话',
    tokenMismatch: '令牌与连接不符',
    notImage: '图片不存在或不是图片文件',
    notSignedIn: '请先建立连接（OnConnection）',
    tooManySockets: '连接过多（每个用户最多 {max} 个）',
  },
  en: {
    notJson: 'Malformed frame: JSON text expected',
    unknownMethod: 'Unsupported method: {method}',
    badFrame: 'Malformed frame: {detail}',
    tooLarge: 'Frame too large (64 KB at most)',
    tooMany: 'Too many messages, please slow down',
    empty: 'An empty message is not sent',
    badText: 'The message holds invalid characters',
    noUser: 'No such user, or the user is disabled',
    self: 'You cannot send a message to yourself',
    notCaller: 'You can only read your own conversations',
    tokenMismatch: 'The token does not match the connection',
    notImage: 'No such image, or not an image file',
    notSignedIn: 'Send OnConnection first',
    tooManySockets: 'Too many connections (at most {max} per user)',
  },
});

/** The im text `key` in `lang` with `{name}` placeholders from `vars`. */
export function imText(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return translate(lang, 'im', key, vars);
}
