import { createHash, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP parameters of design.md §5: m = 19456 KiB, t = 2, p = 1. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** md5 hex of a plain password: what the client sends (spec 000 §5 "the password is sent hashed"). */
export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

/** True for a 32-character hex string (an md5 digest as the client sends it). */
export function isMd5Hex(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9a-fA-F]{32}$/.test(s);
}

/** The stored form of a password: Argon2id of the md5 hex (lower-cased). */
export function hashPassword(md5: string): Promise<string> {
  return hash(md5.toLowerCase(), ARGON2);
}

/** Checks an md5 hex against a stored Argon2id hash; false for a malformed hash. */
export async function verifyPassword(stored: string, md5: string): Promise<boolean> {
  try {
    return await verify(stored, md5.toLowerCase());
  } catch {
    return false;
  }
}

/** A random password of `length` characters with upper, lower, digits and a symbol (for the first admin). */
export function randomPassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '@#%+='];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
