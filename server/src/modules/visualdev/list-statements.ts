import { CompiledQuery } from 'kysely';

/**
 * Compiled first-page statements of the list runtime (performance.md §2), per loaded model + statement key (filter,
 * order, limit): page 1, which every user opening a list asks for, skips building and compiling its query (Kysely's
 * part was about 12% of a list request's CPU); only the SQL text and parameters are kept (about 1–2 KB each),
 * MAX_STATEMENTS per model, least recently used first out, until the model is reloaded (a new LoadedModel). They hold
 * no data, so writes never touch them.
 */

const MAX_STATEMENTS = 100;

const statements = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * The compiled statement stored under `key` for `model` (a LoadedModel: its table and columns are part of the SQL, so
 * a reloaded model starts empty), or the one `build` returns, then stored as its SQL text and parameters only; at most
 * MAX_STATEMENTS per model, least recently used first out. `key` must name everything the statement depends on.
 */
export function compiledOnce(model: object, key: string, build: () => CompiledQuery): CompiledQuery {
  let byKey = statements.get(model);
  if (!byKey) {
    byKey = new Map();
    statements.set(model, byKey);
  }
  const hit = byKey.get(key);
  if (hit) {
    byKey.delete(key);
    byKey.set(key, hit);
    return hit;
  }
  const built = build();
  const slim = CompiledQuery.raw(built.sql, [...built.parameters]);
  byKey.set(key, slim);
  while (byKey.size > MAX_STATEMENTS) byKey.delete(byKey.keys().next().value as string);
  return slim;
}
