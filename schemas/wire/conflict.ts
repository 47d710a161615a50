/**
 * The conflict of a stale save (issue 27 item 1), as the server answers it (code 409, `data.conflict`) and the client's
 * conflict dialog reads it: declared once for both sides.
 */

/** One conflicting field: my value, theirs (current), the value at my version, and who set theirs, when (ms). */
export interface ConflictField {
  field: string;
  label: string;
  mine: unknown;
  theirs: unknown;
  base: unknown;
  userName: string | null;
  time: number;
}

/** The `data.conflict` of a save refused with code 409: the record's current version, the fields and current values. */
export interface Conflict {
  version: number;
  fields: ConflictField[];
  current: Record<string, unknown>;
}
