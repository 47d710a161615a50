import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `encryption` value of a short link (issue 18 item 7), readable by JNPF 3.4's client: its public page
 * (Mnxhp src/views/formShortLink/index.vue `Decrypt`) hex-decodes the value, AES-128-ECB/PKCS7-decrypts it with the
 * fixed key `jnpflinkjnpflink` and reads `{ modelId, type: 'form' | 'list' }` from the JSON to choose the form or the
 * public query. That key is public (it ships in JNPF's client), so this AES is only the encoding JNPF's page expects,
 * not a secret: what makes a link unguessable is `key`, a 128-bit HMAC-SHA256 of the kind under the link's random
 * stored token (store.ts), which the server checks. The form link and the query link carry different keys, so holding
 * one does not open the other.
 */

/** The two public pages of a model: 表单外链 (`form`) and 公开查询 (`list`). */
export type LinkType = 'form' | 'list';

/** What the `encryption` value carries. */
export interface LinkPayload {
  modelId: string;
  type: LinkType;
  /** linkKey(token, type): 32 hex. */
  key: string;
}

const JNPF_LINK_KEY = Buffer.from('jnpflinkjnpflink', 'utf8');

/** The key of one page of a link: HMAC-SHA256 of `type` under the link's stored token, 32 hex. */
export function linkKey(token: string, type: LinkType): string {
  return createHmac('sha256', token).update(type).digest('hex').slice(0, 32);
}

/** The `encryption` value of a link page: hex of AES-128-ECB(JSON `{ modelId, type, key }`), lower case. */
export function encodeLink(modelId: string, type: LinkType, token: string): string {
  const cipher = createCipheriv('aes-128-ecb', JNPF_LINK_KEY, null);
  const json = JSON.stringify({ modelId, type, key: linkKey(token, type) } satisfies LinkPayload);
  return Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]).toString('hex');
}

/** The payload of an `encryption` value, or null when it is not one (not hex, wrong padding, not the JSON above). */
export function decodeLink(value: unknown): LinkPayload | null {
  if (typeof value !== 'string' || !/^(?:[0-9a-fA-F]{32})+$/.test(value)) return null;
  try {
    const decipher = createDecipheriv('aes-128-ecb', JNPF_LINK_KEY, null);
    const json = Buffer.concat([decipher.update(Buffer.from(value, 'hex')), decipher.final()]).toString('utf8');
    const p = JSON.parse(json) as Partial<LinkPayload> | null;
    if (!p || typeof p.modelId !== 'string' || (p.type !== 'form' && p.type !== 'list') || typeof p.key !== 'string') return null;
    return { modelId: p.modelId, type: p.type, key: p.key };
  } catch {
    return null;
  }
}

/** Constant-time comparison of two strings (different lengths: false). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
