/** node-postgres's value serialiser (pg ships no types for lib/utils); used to send PGlite parameters as pg does. */
declare module 'pg/lib/utils.js' {
  /** null/undefined → null; Buffer and typed arrays → Buffer; Date → local ISO string; array → PG array literal; object → JSON. */
  export function prepareValue(value: unknown): string | Buffer | null;
}
