import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions every PGlite of the server opens with (`PGlite.create({ extensions })`): pg_trgm, whose
 * trigram GIN indexes serve model keyword search (issue 28 item 1; visualdev/keyword-index.ts). Its SQL objects are
 * created by migration 0550 where the extension is available; a data dir holding trigram indexes must be opened with
 * it loaded (writes to those tables call its functions).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
