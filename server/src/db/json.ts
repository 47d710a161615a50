import { type RawBuilder, sql } from 'kysely';

/**
 * Wraps a JS value for a `jsonb` column so both drivers store the same JSON: the value travels as text and is cast
 * on the server (pg would otherwise turn arrays into PostgreSQL arrays; PGlite infers parameter types).
 */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql`cast(${JSON.stringify(value ?? null)}::text as jsonb)`;
}

/** Milliseconds since the epoch of a timestamp column value (Date or ISO string), or null. */
export function toMs(value: Date | string | null | undefined): number | null {
  if (value == null) return null;
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(t) ? null : t;
}
