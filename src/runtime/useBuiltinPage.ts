import { useEffect, useMemo, useState } from 'react';
import type { ColumnConfig } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import type { PageConfig, PageLocales, ResourceBinding } from '../../schemas/page';
import type { Envelope } from '../api/client';
import { configEnvelope } from '../api/configPrefetch';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { compileModel } from './compileModel';
import { localizePage } from './localizePage';
import { type PageParams, type RecordSource, resourceSource } from './source';

/** A built-in page ready to render: its (localized) config, the compiled form, the registry and its record source. */
export interface LoadedPage {
  config: PageConfig;
  compiled: CompiledForm;
  registry: RendererMap;
  source: RecordSource;
}

/** State of {@link useBuiltinPage}: loading, ready, or failed (the view then goes to /404, spec 001 §7). */
export type BuiltinPageState = { status: 'loading' } | { status: 'ready'; page: LoadedPage } | { status: 'failed'; msg: string };

const parse = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== 'string') return (v as T) ?? fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

/** The Config answer of a built-in page as a PageConfig (formData/columnData arrive as JSON strings). */
export function pageOfAnswer(code: string, d: Record<string, unknown>): PageConfig {
  return {
    code,
    fullName: String(d.fullName ?? code),
    urlAddress: String(d.urlAddress ?? ''),
    formData: parse<FormConfig>(d.formData, { fields: [] }),
    columnData: parse<ColumnConfig>(d.columnData, {} as ColumnConfig),
    resource: d.resource as ResourceBinding,
    forms: (d.forms as Record<string, FormConfig> | undefined) ?? {},
    rowName: typeof d.rowName === 'string' ? d.rowName : undefined,
    locales: (d.locales as PageLocales | undefined) ?? {},
    params: Array.isArray(d.params) ? (d.params as unknown[]).filter((x): x is string => typeof x === 'string') : undefined,
    panels: Array.isArray(d.panels) ? (d.panels as FieldConfig[]) : undefined,
  };
}

/**
 * Loads a built-in page (issue 26 item 2) from GET /api/visualdev/OnlineDev/{code}/Config — the same route as a model's,
 * guarded by the page's system menu — and prepares it in `lang`: texts through the page's locales, the form compiled
 * with fallbacks, the record source over its REST binding with `params` (a page opened by a `page` action; only the
 * names the page declares in its `params` are used). A non-200 answer (403, 404) is `failed` without a toast.
 */
export function useBuiltinPage(code: string, registry: RendererMap, lang: string, params?: PageParams): BuiltinPageState {
  // One key per parameter set: callers may pass a fresh object each render.
  const paramsKey = JSON.stringify(params ?? {});
  const [raw, setRaw] = useState<{ status: 'loading' } | { status: 'ready'; page: PageConfig } | { status: 'failed'; msg: string }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setRaw({ status: 'loading' });
    configEnvelope(code)
      .then((env: Envelope<Record<string, unknown> | null>) => {
        if (!live) return;
        if (env.code !== 200 || !env.data?.resource) return setRaw({ status: 'failed', msg: env.msg });
        setRaw({ status: 'ready', page: pageOfAnswer(code, env.data) });
      })
      .catch((e: unknown) => live && setRaw({ status: 'failed', msg: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [code]);
  return useMemo<BuiltinPageState>(() => {
    if (raw.status !== 'ready') return raw;
    const config = localizePage(raw.page, raw.page.locales, lang);
    const { compiled, registry: reg } = compileModel(config.formData, registry);
    const given = JSON.parse(paramsKey) as PageParams;
    const own = Object.fromEntries((raw.page.params ?? []).map((name) => [name, given[name] ?? '']));
    return { status: 'ready', page: { config, compiled, registry: reg, source: resourceSource(code, config.resource, own) } };
  }, [raw, lang, registry, code, paramsKey]);
}
