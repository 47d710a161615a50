import { createHash, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../plugins/envelope';

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

/** Why the server refuses a new password (issue 20 item 6): a listed common password, or the account name itself. */
export type WeakPasswordReason = 'common' | 'account';

let commonSet: Promise<ReadonlySet<string>> | undefined;
/** Passwords hashed between two yields to the event loop while the common set is built (~15 ms idle each). */
const HASH_SLICE = 5000;

/**
 * The md5 hex digests (lower-case) of every password in `@zxcvbn-ts/language-common`'s list (49 233 entries in
 * 4.1.3), built once on first use and kept: the list is loaded with a dynamic import (so a process that never
 * checks a password never decompresses it) and each entry hashed once, yielding to the event loop every HASH_SLICE
 * entries. Measured on the shared dev machine: 0.2 s (load 50 ms, hashing 150 ms) when quiet, 0.5 s at load 14,
 * up to 4 s at load 25; about 6 MB of heap kept (the Set and the list) and 18–32 MB of RSS (issue 20 item 6).
 */
export function commonPasswordMd5s(): Promise<ReadonlySet<string>> {
  commonSet ??= import('@zxcvbn-ts/language-common').then(
    async ({ dictionary }) => {
      const list = dictionary['passwords-common'];
      const set = new Set<string>();
      for (let i = 0; i < list.length; i++) {
        set.add(md5Hex(list[i]));
        // Yield now and then so other requests are served while the set is built.
        if (i % HASH_SLICE === HASH_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      return set;
    },
    (e: unknown) => {
      commonSet = undefined;
      throw e;
    },
  );
  return commonSet;
}

/** Accounts with at most this many letters have every upper/lower spelling refused (2^10 = 1024 md5s, ~2 ms idle). */
const ALL_CASES_MAX_LETTERS = 10;

/**
 * The spellings of `account` a password must not be: the trimmed account in every upper/lower-case spelling (a
 * case-insensitive match, as a case-insensitive sign-in lookup would treat them alike), when it has at most
 * ALL_CASES_MAX_LETTERS letters; a longer one as typed, lower-cased, upper-cased and capitalised. Empty → none.
 */
function accountSpellings(account: string): string[] {
  const a = account.trim();
  if (!a) return [];
  const lower = a.toLowerCase();
  const common = [a, lower, a.toUpperCase(), lower.charAt(0).toUpperCase() + lower.slice(1)];
  const letters = [...lower].filter((c) => c.toUpperCase() !== c).length;
  if (letters > ALL_CASES_MAX_LETTERS) return common;
  let spellings = [''];
  for (const c of lower) {
    const upper = c.toUpperCase();
    spellings = upper === c ? spellings.map((p) => p + c) : spellings.flatMap((p) => [p + c, p + upper]);
  }
  return [...new Set([...common, ...spellings])];
}

/**
 * Why the md5 `md5` (hex, any case) may not be a password of `account`, or null when it may: 'account' when it is
 * the md5 of the account name (see accountSpellings), 'common' when it is the md5 of a password in zxcvbn's common list.
 * The wire carries only the md5, so length and strength are the client's to judge (issue 20 item 6).
 */
export async function weakPasswordReason(md5: string, account: string): Promise<WeakPasswordReason | null> {
  const digest = md5.toLowerCase();
  if (accountSpellings(account).some((spelling) => md5Hex(spelling) === digest)) return 'account';
  if ((await commonPasswordMd5s()).has(digest)) return 'common';
  return null;
}

/**
 * The one server check of a new password, for every route that sets one (user creation, reset, change; issue 20
 * item 6): resolves when the md5 `md5` is acceptable for `account`; else throws the envelope's 400 with a message in
 * the request's language: 密码不能与账户相同 (the account name) or 密码过于简单，请重新设置 (a common password).
 * A malformed md5 is the caller's to refuse first (isMd5Hex).
 */
export async function assertAcceptablePassword(md5: string, account: string): Promise<void> {
  const reason = await weakPasswordReason(md5, account);
  if (reason === 'account') throw ApiError.of(400, 'passwordIsAccount');
  if (reason === 'common') throw ApiError.of(400, 'passwordTooSimple');
}
