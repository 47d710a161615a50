// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { definitions, renderers } from '../../renderers';
import { fakeData } from '../../renderers/_shared/fakeData';
import { FieldStory } from '../../renderers/_shared/FieldStory';
import { settle } from '../../renderers/_shared/renderStory';
import type { RendererStories } from '../../renderers/_shared/stories';
import { FieldConfigSchema } from '../../schemas/field';
import type { FieldConfig } from '../../schemas/field';
import { compileForm } from '../../src/engine/compile';
import { createAjv, validateRecord } from '../../src/engine/validate';

/**
 * The renderer contract suite (design.md §3, §8): every registered renderer, the same checks. Stories are found by
 * file name; each renderer folder has one `*.stories.tsx` whose fields include its kdKey.
 */
const storyModules = import.meta.glob('../../renderers/*/*.stories.tsx', { eager: true }) as Record<string, RendererStories>;
const ajv = createAjv();
const validField = ajv.compile(FieldConfigSchema);
/** No network in the suite: every call fails like an unreachable server (widgets must still render). */
const offline = fakeData({});
afterEach(cleanup);

function storiesOf(kdKey: string): RendererStories | undefined {
  return Object.values(storyModules).find((m) => {
    const a = m.default.args;
    return (a.field?.__config__.kdKey ?? '') === kdKey || (!a.field && a.fields?.some((f) => f.__config__.kdKey === kdKey));
  });
}

/** The scaffold made concrete: a model name and a label, as the designer would assign. */
function placed(kdKey: string): FieldConfig {
  const s = structuredClone(renderers[kdKey].scaffold);
  return s.__vModel__ === undefined ? s : { ...s, __vModel__: 'f1', __config__: { ...s.__config__, label: '字段一' } };
}

async function mount(fields: FieldConfig[], extra: Record<string, unknown> = {}) {
  let r!: ReturnType<typeof render>;
  await act(async () => {
    r = render(createElement(FieldStory, { fields, data: offline, ...extra }));
  });
  for (let i = 0; i < 200 && !r.container.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return r;
}

describe('renderer registry', () => {
  it('holds the whole catalogue of design.md §4', () => {
    const catalogue =
      'comInput textarea numInput switch radio checkbox select cascader date time dateRange timeRange uploadFz uploadImg colorPicker rate slider editor link button text alert divider comSelect depSelect posSelect userSelect usersSelect roleSelect groupSelect treeSelect popupTableSelect autoComplete address billRule relationForm relationFormAttr popupSelect popupAttr calculate qrcode barcode table createUser createTime modifyUser modifyTime currOrganize currDept currPosition groupTitle card row tab collapse sqlEditor dataInterfaceTest printPreview passwordInput billRulePreview permissionTree permissionExplain cronBuilder monitorCharts reportView'.split(
        ' ',
      );
    expect(Object.keys(renderers).sort()).toEqual([...catalogue].sort());
    expect(definitions.length).toBe(catalogue.length);
  });
});

for (const def of definitions) {
  describe(`renderer ${def.kdKey}`, () => {
    it('scaffold validates against FieldConfigSchema and its own inspector', () => {
      expect(def.scaffold.__config__.kdKey).toBe(def.kdKey);
      expect(validField(def.scaffold), JSON.stringify(validField.errors)).toBe(true);
      const own = ajv.compile(def.inspector);
      expect(own(def.scaffold), JSON.stringify(own.errors)).toBe(true);
    });
    it('toSchema(scaffold) is valid JSON Schema (or null); toColumn names the field', () => {
      const f = placed(def.kdKey);
      const s = def.toSchema(f);
      if (s !== null) expect(() => ajv.compile(s)).not.toThrow();
      const col = def.toColumn(f);
      if (col !== null) expect(col.field).toBe(f.__vModel__);
      expect(() => compileForm({ fields: [f] }, renderers)).not.toThrow();
    });
    it('component loads and renders in edit and read-only modes without a blank', async () => {
      const m = await def.component();
      expect(typeof m.default === 'function' || typeof m.default === 'object').toBe(true);
      for (const mode of ['edit', 'readonly'] as const) {
        const { container } = await mount([placed(def.kdKey)], { mode });
        expect(container.querySelector('form.kd-form'), `${def.kdKey} ${mode}`).toBeTruthy();
        expect(container.textContent).not.toContain('未知控件');
        expect(container.querySelector('form.kd-form')!.innerHTML.length).toBeGreaterThan(20);
        cleanup();
      }
    });
    it('has stories Basic, ReadOnly, Invalid and Design', () => {
      const st = storiesOf(def.kdKey);
      expect(st, `stories of ${def.kdKey}`).toBeTruthy();
      for (const k of ['Basic', 'ReadOnly', 'Invalid', 'Design'] as const) expect(st![k]).toBeTruthy();
    });
    it('round-trips its Basic value: valid under the compiled schema, JSON-stable, and what the form emits stays valid', async () => {
      const st = storiesOf(def.kdKey)!;
      const args = { ...st.default.args, ...st.Basic.args };
      const fields = args.fields ?? (args.field ? [args.field] : []);
      const compiled = compileForm({ fields }, renderers);
      const record = args.formData ?? {};
      expect(validateRecord(compiled, record)).toEqual([]);
      expect(JSON.parse(JSON.stringify(record))).toEqual(record);
      const emitted: Record<string, unknown>[] = [];
      const { container } = await mount(fields, { data: args.data ?? offline, formData: record, onChange: (r: Record<string, unknown>) => emitted.push(r) });
      await settle(600);
      expect(container.querySelector('.kd-field-error')).toBeNull();
      for (const r of emitted) expect(validateRecord(compiled, r)).toEqual([]);
    });
  });
}

describe('unknown kdKey', () => {
  it('renders a visible fallback naming the field', async () => {
    const { container } = await mount([{ __config__: { kdKey: 'mapPicker', label: '地图定位' }, __vModel__: 'location' }]);
    expect(container.textContent).toContain('未知控件「mapPicker」：地图定位（location）');
  });
  it('is refused by the engine (the server answers 400)', () => {
    expect(() => compileForm({ fields: [{ __config__: { kdKey: 'mapPicker' }, __vModel__: 'x' }] }, renderers)).toThrow(/unknown kdKey "mapPicker"/);
  });
});
