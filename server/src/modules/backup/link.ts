import { signQuery, verifySigned } from '../../lib/signed-link';

/**
 * Short-lived signed download links of backups (issue 23 item 1), on the shared signed-link module
 * (lib/signed-link.ts): the subject is the backup id, the key lives in the backups folder, so every instance that
 * shares it (and so can serve the file) accepts the links of the others.
 */

/** How long a link stays valid (seconds). */
export const LINK_TTL_S = 300;

/** A download path for backup `id`, valid LINK_TTL_S seconds from `now` (ms). */
export async function signedPath(dir: string, id: string, now = Date.now()): Promise<string> {
  return `/api/system/DataBackup/Download/${encodeURIComponent(id)}?${await signQuery(dir, id, LINK_TTL_S, now)}`;
}

/** True when `sign` is the signature of (id, expires) and `expires` has not passed at `now` (ms). */
export function verifyLink(dir: string, id: string, expires: number, sign: string, now = Date.now()): Promise<boolean> {
  return verifySigned(dir, id, expires, sign, LINK_TTL_S, now);
}
