import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';

/**
 * Record sources of print templates (issue 17 item 2): how a hand-written module (purchasing) lets a template print
 * its own records with its own access check, without the print module importing it and without an unscoped SQL
 * dataset. A template bound to a source stores `model_id = 'source:<key>'`; printing a record asks the source, which
 * answers the print data of `formId` as the caller may read it, or null (→ 404, as a missing record).
 */

/** The prefix of a source binding in print_dev.model_id. */
export const SOURCE_PREFIX = 'source:';

/** A field of the designer's field tree (datasets.ts FieldNode). */
export interface SourceField {
  id: string;
  fullName: string;
  children?: SourceField[];
}

/** One registered source. */
export interface PrintSource {
  /** The name shown to designers. */
  fullName: string;
  /** The field tree: header fields under `headTable`, each list under its key (e.g. `lines`). */
  fields: SourceField[];
  /** The data of record `formId` as `session` may read it (the module's scope check), or null when it may not / it does not exist. */
  read(db: Db, session: SessionInfo, formId: string): Promise<Record<string, unknown> | null>;
}

const sources = new Map<string, PrintSource[]>();

/**
 * Registers `source` under `key` (model_id `source:<key>`). The latest registration of a key answers (several app
 * instances in one process each register theirs); the returned function removes exactly this registration.
 */
export function registerPrintSource(key: string, source: PrintSource): () => void {
  const own = { ...source };
  sources.set(key, [...(sources.get(key) ?? []), own]);
  return () => {
    const left = (sources.get(key) ?? []).filter((s) => s !== own);
    if (left.length) sources.set(key, left);
    else sources.delete(key);
  };
}

/** The source a template's model_id names, or undefined (a model id, or no binding). */
export function printSourceOf(modelId: string | null | undefined): PrintSource | undefined {
  return modelId?.startsWith(SOURCE_PREFIX) ? sources.get(modelId.slice(SOURCE_PREFIX.length))?.at(-1) : undefined;
}

/** True when `modelId` names a source binding (registered or not). */
export const isSourceBinding = (modelId: string | null | undefined) => !!modelId?.startsWith(SOURCE_PREFIX);
