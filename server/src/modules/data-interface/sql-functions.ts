/**
 * The functions data-source SQL may call (issue 24 item 8): an allowlist, checked on every `FuncCall` node of the
 * statement's parse tree (sql-guard.ts). A name is allowed unqualified or qualified by `pg_catalog` only (the parser
 * itself writes `pg_catalog.substring`, `pg_catalog.extract`, `pg_catalog.timezone`… for SQL-standard syntax).
 *
 * What is listed: pure scalar functions over the row's own values (string, math, date/time, JSON, arrays, formatting,
 * text search), aggregates and window functions, and set-returning generators (`generate_series`, `unnest`, JSON
 * expansion) whose work the statement timeout and the plan guard bound. What is not, and so refused: everything
 * else, in particular sleeping (`pg_sleep*`), settings (`set_config`, `current_setting`), files and large objects
 * (`pg_read_file`, `pg_ls_dir`, `lo_*`), remote calls (`dblink*`), dynamic SQL (`query_to_xml`, `cursor_to_xml`…),
 * sequences (`nextval`, `setval`), catalog, size, lock, replication and backend-signalling functions (`pg_*`),
 * `txid_*`/`pg_current_xact_id`, `version`, and any function of another schema (`public.f`, user-defined ones).
 * Conditional forms (`coalesce`, `nullif`, `greatest`, `least`, `case`) and `cast` are syntax, not function calls,
 * and need no entry.
 */

/** String functions (PostgreSQL docs §9.4) and pattern matching (§9.7). */
const STRING = [
  'ascii', 'btrim', 'char_length', 'character_length', 'chr', 'concat', 'concat_ws', 'format', 'initcap', 'left',
  'length', 'lower', 'lpad', 'ltrim', 'md5', 'normalize', 'octet_length', 'bit_length', 'overlay', 'position',
  'quote_ident', 'quote_literal', 'quote_nullable', 'regexp_count', 'regexp_instr', 'regexp_like', 'regexp_match',
  'regexp_matches', 'regexp_replace', 'regexp_split_to_array', 'regexp_split_to_table', 'regexp_substr', 'repeat',
  'replace', 'reverse', 'right', 'rpad', 'rtrim', 'split_part', 'starts_with', 'string_to_array', 'string_to_table',
  'strpos', 'substr', 'substring', 'translate', 'trim', 'upper', 'unistr', 'similar_to_escape', 'like_escape',
  'encode', 'decode', 'sha224', 'sha256', 'sha384', 'sha512', 'to_hex', 'to_ascii', 'casefold',
] as const;

/** Math (§9.3). */
const MATH = [
  'abs', 'acos', 'asin', 'atan', 'atan2', 'cbrt', 'ceil', 'ceiling', 'cos', 'cot', 'degrees', 'div', 'exp',
  'factorial', 'floor', 'gcd', 'lcm', 'ln', 'log', 'log10', 'min_scale', 'mod', 'pi', 'pow', 'power', 'radians',
  'random', 'round', 'scale', 'sign', 'sin', 'sqrt', 'tan', 'trim_scale', 'trunc', 'width_bucket',
] as const;

/** Date and time (§9.9) and formatting (§9.8). */
const DATETIME = [
  'age', 'clock_timestamp', 'date_add', 'date_bin', 'date_part', 'date_subtract', 'date_trunc', 'extract', 'isfinite',
  'justify_days', 'justify_hours', 'justify_interval', 'make_date', 'make_interval', 'make_time', 'make_timestamp',
  'make_timestamptz', 'now', 'statement_timestamp', 'timeofday', 'timezone', 'transaction_timestamp', 'to_char',
  'to_date', 'to_number', 'to_timestamp', 'overlaps',
] as const;

/** Aggregates (§9.21) and window functions (§9.22). */
const AGGREGATE = [
  'array_agg', 'avg', 'bit_and', 'bit_or', 'bit_xor', 'bool_and', 'bool_or', 'count', 'every', 'json_agg',
  'json_agg_strict', 'json_object_agg', 'jsonb_agg', 'jsonb_agg_strict', 'jsonb_object_agg', 'max', 'min', 'range_agg',
  'string_agg', 'sum', 'corr', 'covar_pop', 'covar_samp', 'regr_avgx', 'regr_avgy', 'regr_count', 'regr_intercept',
  'regr_r2', 'regr_slope', 'regr_sxx', 'regr_sxy', 'regr_syy', 'stddev', 'stddev_pop', 'stddev_samp', 'variance',
  'var_pop', 'var_samp', 'mode', 'percentile_cont', 'percentile_disc', 'any_value',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value',
  'last_value', 'nth_value',
] as const;

/** JSON (§9.16). */
const JSON_FUNCTIONS = [
  'array_to_json', 'json_array_elements', 'json_array_elements_text', 'json_array_length', 'json_build_array',
  'json_build_object', 'json_each', 'json_each_text', 'json_extract_path', 'json_extract_path_text', 'json_object',
  'json_object_keys', 'json_strip_nulls', 'json_typeof', 'jsonb_array_elements', 'jsonb_array_elements_text',
  'jsonb_array_length', 'jsonb_build_array', 'jsonb_build_object', 'jsonb_each', 'jsonb_each_text',
  'jsonb_extract_path', 'jsonb_extract_path_text', 'jsonb_insert', 'jsonb_object', 'jsonb_object_keys',
  'jsonb_path_exists', 'jsonb_path_match', 'jsonb_path_query', 'jsonb_path_query_array', 'jsonb_path_query_first',
  'jsonb_pretty', 'jsonb_set', 'jsonb_set_lax', 'jsonb_strip_nulls', 'jsonb_typeof', 'row_to_json', 'to_json',
  'to_jsonb',
] as const;

/** Arrays (§9.19), series (§9.25), null counting (§9.2), UUIDs (§9.14) and text search (§9.13). */
const OTHER = [
  'array_append', 'array_cat', 'array_dims', 'array_fill', 'array_length', 'array_lower', 'array_ndims',
  'array_position', 'array_positions', 'array_prepend', 'array_remove', 'array_replace', 'array_reverse',
  'array_sample', 'array_shuffle', 'array_sort', 'array_to_string', 'array_upper', 'cardinality', 'trim_array',
  'unnest', 'generate_series', 'generate_subscripts', 'num_nonnulls', 'num_nulls', 'gen_random_uuid',
  'to_tsvector', 'to_tsquery', 'plainto_tsquery', 'phraseto_tsquery', 'websearch_to_tsquery', 'ts_rank',
  'ts_rank_cd', 'ts_headline',
] as const;

/** Every function data-source SQL may call (lower-case names; see the module comment). */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set<string>([...STRING, ...MATH, ...DATETIME, ...AGGREGATE, ...JSON_FUNCTIONS, ...OTHER]);
