import type { Db } from '../../db/types';
import './tables';

/**
 * The user's saved signatures (JNPF v3.4's 个人签名; routes in jnpf-routes.ts): personal_setting rows of config_type
 * SIGN_TYPE, config_key the signature's id, property_json `{ signImg, isDefault, creatorTime }`.
 */

/** personal_setting config_type of a signature row (config_key = the signature's id). */
export const SIGN_TYPE = 'jnpfSignImg';
/** The largest signature data URL, characters. */
export const MAX_SIGN_CHARS = 300_000;
/** One stored signature. */
export interface SignImg {
  id: string;
  signImg: string;
  isDefault: 0 | 1;
  /** Saved at, ms. */
  creatorTime: number;
}

/** The user's signatures, newest first. */
export async function signImgsOf(db: Db, userId: string): Promise<SignImg[]> {
  const rows = await db.selectFrom('personal_setting').select(['config_key', 'property_json']).where('owner_user_id', '=', userId).where('config_type', '=', SIGN_TYPE).execute();
  const list = rows.flatMap((r) => {
    try {
      const v = JSON.parse(r.property_json) as Omit<SignImg, 'id'>;
      return typeof v.signImg === 'string' ? [{ id: r.config_key, signImg: v.signImg, isDefault: v.isDefault === 1 ? (1 as const) : (0 as const), creatorTime: Number(v.creatorTime) || 0 }] : [];
    } catch {
      return [];
    }
  });
  return list.sort((a, b) => b.creatorTime - a.creatorTime || b.id.localeCompare(a.id));
}

/** The user's default signature ('' when none): CurrentUser's userInfo.signImg. */
export async function defaultSignImg(db: Db, userId: string): Promise<string> {
  return (await signImgsOf(db, userId)).find((s) => s.isDefault)?.signImg ?? '';
}

