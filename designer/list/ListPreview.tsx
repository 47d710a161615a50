import { memo, useMemo } from 'react';
import type { FormConfig } from '../../schemas/form';
import type { ModelData } from '../../src/api/onlineDev';
import type { RendererMap } from '../../src/engine/renderer';
import { compileModel } from '../../src/runtime/compileModel';
import ModelList from '../../src/runtime/ModelList';
import type { RecordSource } from '../../src/runtime/source';
import type { ListConfig } from './listConfig';

/** Five sample rows for the form: each field a value of its schema's type (enum values in turn, numbers by tens, dates by days). */
export function sampleRows(form: FormConfig, registry: RendererMap, n = 5): ModelData[] {
  const { compiled } = compileModel(form, registry);
  const props = (compiled.schema.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown[]; format?: string }>;
  return Array.from({ length: n }, (_, i) => {
    const row: ModelData = { id: `sample-${i + 1}` };
    for (const [name, s] of Object.entries(props)) {
      const label = String(compiled.byModel[name]?.__config__.label ?? name);
      const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
      const values = (s.enum ?? []).filter((v) => v !== null && v !== '');
      if (values.length) row[name] = values[i % values.length];
      else if (type === 'number' || type === 'integer') row[name] = compiled.byModel[name]?.__config__.kdKey === 'date' ? Date.UTC(2026, 0, 1 + i) : (i + 1) * 10;
      else if (type === 'boolean') row[name] = i % 2 === 0;
      else if (type === 'string') row[name] = `${label}${i + 1}`;
    }
    return row;
  });
}

const nothing = async () => ({ code: 200, msg: '', data: null });

/**
 * The live preview of the designed list (issue 13 item 2): the real `<ModelList>` with the config being designed over
 * sample rows kept in memory (paged and searched by nothing: the preview shows layout, columns and buttons; its
 * buttons write nothing).
 */
function ListPreview({ form, columnData, registry }: { form: FormConfig; columnData: ListConfig; registry: RendererMap }) {
  const { compiled, registry: reg } = useMemo(() => compileModel(form, registry), [form, registry]);
  const rows = useMemo(() => sampleRows(form, registry), [form, registry]);
  const source = useMemo<RecordSource>(
    () => ({
      key: 'designer-list-preview',
      list: async (q) => ({ list: rows.slice(0, q.pageSize ?? 20), pagination: { currentPage: 1, pageSize: q.pageSize ?? 20, total: rows.length } }),
      get: async (id) => rows.find((r) => r.id === id) ?? {},
      // Every capability, so every configured button shows; none of them writes anything.
      create: nothing,
      update: nothing,
      remove: nothing,
      batchRemove: nothing,
      importData: nothing,
      exportData: async () => ({ blob: new Blob([]), fileName: 'preview.xlsx' }),
    }),
    [rows],
  );
  return <ModelList moduleId="designer-list-preview" source={source} columnData={columnData} compiled={compiled} registry={reg} can={() => true} onAdd={() => {}} onEdit={() => {}} onView={() => {}} />;
}
export default memo(ListPreview);
