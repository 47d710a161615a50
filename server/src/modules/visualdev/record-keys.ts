import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { ModelLayout } from './model-layout';
import type { LoadedModel } from './model-store';
import { modelSchema, modelTable } from './model-table';
import { snowflake } from './snowflake';

/**
 * Primary keys of model records (issue 27 item 3): JNPF's `primaryKeyPolicy` in the form config — 1 snowflake
 * (snowflake.ts: 64-bit, time-ordered, as a decimal string), 2 auto-increment (1, 2, 3… from the table's own sequence
 * `<table>_id_seq`, created with the table) — and, for models that say nothing (or anything else), random uuids as
 * before. Ids stay text on the wire and in the `id` column, so children, keyset paging and history are unchanged.
 */

/** A model's key policy: 1 snowflake, 2 auto-increment, 0 uuid. */
export type KeyPolicy = 0 | 1 | 2;

/** The key policy of a form config's `primaryKeyPolicy` (number or numeric string). */
export function keyPolicyOf(formData: unknown): KeyPolicy {
  const v = Number((formData as { primaryKeyPolicy?: unknown } | null)?.primaryKeyPolicy);
  return v === 1 || v === 2 ? v : 0;
}

/** The sequence of an auto-increment table (at most 63 characters). */
export function idSequence(table: string): string {
  return `${table.slice(0, 56)}_id_seq`;
}

/** The regclass of a table's id sequence in the server's schema. */
function seqClass(db: Db, table: string) {
  return sql`to_regclass(format('%I.%I', ${modelSchema(db)}::text, ${idSequence(table)}::text))`;
}

/** Creates the id sequence of a policy-2 table (idempotent; moved past the largest numeric id already there). */
export async function ensureKeySequence(db: Db, layout: ModelLayout, formData: unknown): Promise<void> {
  if (keyPolicyOf(formData) !== 2) return;
  const seq = idSequence(layout.table);
  await sql`create sequence if not exists ${modelTable(db, seq)}`.execute(db);
  await sql`select setval(${seqClass(db, layout.table)}, x.m) from (select max(id::bigint) as m from ${modelTable(db, layout.table)} where id ~ '^[0-9]{1,18}$') x where x.m is not null and x.m >= (select last_value from ${modelTable(db, seq)})`.execute(db);
}

/** `n` new ids for records of `model`, by its key policy (policy 2 asks the table's sequence). */
export async function newIds(db: Db, model: LoadedModel, n: number): Promise<string[]> {
  const policy = keyPolicyOf(model.record.formData);
  if (policy === 1) return Array.from({ length: n }, () => snowflake().next());
  if (policy === 2 && n > 0) {
    const r = await sql<{ id: string }>`select nextval(${seqClass(db, model.table)})::text as id from generate_series(1, ${n}::int)`.execute(db);
    return r.rows.map((x) => x.id);
  }
  return Array.from({ length: n }, () => randomUUID());
}
