import { sql } from 'kysely';
import type { Db } from '../../server/src/db/types';

/**
 * Values of the seeded supplier model's fields (server/src/db/seed/supplier-model.ts) as SQL over `g`, the row number
 * from generate_series. Deterministic: the same rows every run. Per column type, since the platform decides the
 * column types from the field schemas (text, double precision, boolean or jsonb).
 */
const TEXT: Record<string, string> = {
  supplierCode: `'S' || lpad((g % 10000)::text, 4, '0')`,
  supplierName: `'供应商' || g`,
  category: `(array['fabric','trim','hardware','packaging'])[g % 4 + 1]`,
  level: `(array['A','B','C'])[g % 3 + 1]`,
  currency: `'currency-CNY'`,
  country: `(array['country-CN','country-VN','country-BD'])[g % 3 + 1]`,
  contactPhone: `'138' || lpad(g::text, 8, '0')`,
  address: `'广东省东莞市' || (g % 97) || '号'`,
};
const NUMBER: Record<string, string> = {
  creditLimit: `((g::bigint * 7919) % 1000000)::double precision`,
  cooperationDate: `(1600000000000 + (g::bigint * 86400000) % 157680000000)::double precision`,
};
const BOOL: Record<string, string> = { active: 'g % 5 <> 0' };
const JSON_ARRAY: Record<string, string> = { certifications: `jsonb_build_array((array['ISO9001','BSCI','GRS'])[g % 3 + 1]::text)` };

function sqlValueOf(column: string, type: string): string | null {
  if (type === 'jsonb') return JSON_ARRAY[column] ?? (TEXT[column] ? `to_jsonb((${TEXT[column]})::text)` : null);
  if (type === 'text') return TEXT[column] ? `(${TEXT[column]})::text` : null;
  if (type === 'double precision' || type === 'numeric' || type === 'bigint' || type === 'integer') return NUMBER[column] ?? null;
  if (type === 'boolean') return BOOL[column] ?? null;
  return null;
}

/**
 * Inserts `rows` supplier rows into `table` with one `INSERT … SELECT … FROM generate_series` (ids `bench-<g>`,
 * created_at one second apart), then ANALYZE. Columns it has no value for stay null. Returns the columns filled.
 */
export async function seedSuppliers(db: Db, table: string, rows: number): Promise<string[]> {
  const cols = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  const filled: Array<[string, string]> = [];
  for (const c of cols.rows) {
    const v = sqlValueOf(c.column_name, c.data_type);
    if (v) filled.push([c.column_name, v]);
  }
  const names = ['id', 'created_at', ...filled.map(([n]) => n)].map((n) => `"${n}"`).join(', ');
  const values = [`'bench-' || g`, `timestamptz '2026-01-01' + g * interval '1 second'`, ...filled.map(([, v]) => v)].join(', ');
  await sql.raw(`insert into "${table}" (${names}) select ${values} from generate_series(1, ${Math.floor(rows)}) as g`).execute(db);
  await sql.raw(`analyze "${table}"`).execute(db);
  return filled.map(([n]) => n);
}
