// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import type { PageConfig } from '../../schemas/page';
import ConfigPage from '../../src/app/views/ConfigPage';
import type { CompiledForm } from '../../src/engine/compile';
import { isShown } from '../../src/engine/showWhen';
import { compileModel } from '../../src/runtime/compileModel';
import ModelDetail from '../../src/runtime/ModelDetail';
import { fillPath, resourceSource } from '../../src/runtime/source';
import { ok } from '../../src/testing/fakeApi';
import { fakeApiLifecycle } from '../../src/testing/fakeApiLifecycle';
import TestShell from '../../src/testing/TestShell';

/**
 * Issue 26 item 5: every built-in page config (src/pages/<area>/<page>.page.json) renders through the runtime — list,
 * add, edit and detail — with its resource answered at the HTTP boundary (a fake API serving the Config route and the
 * page's own REST paths). A new page is covered the day its JSON lands.
 */
const pages = Object.values(import.meta.glob<PageConfig>('../../src/pages/**/*.page.json', { eager: true, import: 'default' }));
const api = fakeApiLifecycle();
const WAIT = { timeout: 15_000 };

/** A plausible value of a field for the sample record (text for text, a number for numbers, the first option…). */
function sampleValue(f: FieldConfig): unknown {
  const key = f.__config__.kdKey;
  const options = (f.__slot__ as { options?: Array<{ id: unknown }> } | undefined)?.options;
  if (options?.length) return options.find((o) => o.id !== '')?.id ?? options[0].id;
  if (key === 'numInput' || key === 'rate' || key === 'slider') return typeof f.min === 'number' && f.min > 0 ? f.min : 1;
  if (key === 'switch') return 1;
  if (key === 'date' || key === 'createTime' || key === 'modifyTime') return Date.UTC(2026, 0, 5, 8, 30);
  return `${String(f.__config__.label)}样例`;
}
function sampleRecord(page: PageConfig, compiled: CompiledForm): Record<string, unknown> {
  const rec: Record<string, unknown> = { id: 'rec-1' };
  for (const f of compiled.leaves) if (f.__vModel__) rec[f.__vModel__] = sampleValue(f);
  for (const c of page.columnData.columnList) if (!(c.prop in rec)) rec[c.prop] = `${c.label}样例`;
  if (page.resource.state) rec[page.resource.state.field ?? 'enabledMark'] = 1;
  return rec;
}

/** Serves the page's Config and REST paths; returns the sample record. */
function serve(page: PageConfig): Record<string, unknown> {
  const { compiled } = compileModel(page.formData, renderers);
  const rec = sampleRecord(page, compiled);
  const r = page.resource;
  api.on(`GET /api/visualdev/OnlineDev/${page.code}/Config`, ok({ id: page.code, fullName: page.fullName, enCode: page.code, webType: 2, builtin: true, urlAddress: page.urlAddress, formData: JSON.stringify(page.formData), columnData: JSON.stringify(page.columnData), resource: r, forms: page.forms ?? {}, rowName: page.rowName ?? null, locales: page.locales ?? {} }));
  if (r.tree) api.on(`GET ${fillPath(r.tree.path)}`, ok({ list: [{ [r.tree.value ?? 'id']: 'node-1', [r.tree.label ?? 'fullName']: '样例节点' }] }));
  api.on(`${r.list.method} ${fillPath(r.list.path, {}, 'node-1')}`, ok({ list: [rec], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
  if (r.get) api.on(`${r.get.method ?? 'GET'} ${fillPath(r.get.path, rec, 'node-1')}`, ok(rec));
  return rec;
}

const shown = (rec: Record<string, unknown>, page: PageConfig) => String(rec[page.rowName ?? page.columnData.columnList[0].prop]);

async function openList(page: PageConfig, rec: Record<string, unknown>) {
  render(
    <MemoryRouter>
      <TestShell>
        <ConfigPage code={page.code} />
      </TestShell>
    </MemoryRouter>,
  );
  const list = await screen.findByTestId('model-list', {}, WAIT);
  expect(list.getAttribute('data-page')).toBe(page.code);
  if (page.resource.tree) fireEvent.click(await screen.findByText('样例节点', {}, WAIT));
  await waitFor(() => expect(list.querySelector('.kd-list-grid')?.textContent ?? '').toContain(shown(rec, page)), WAIT);
}

describe.each(pages.map((p) => [p.code, p] as const))('built-in page %s', (_code, page) => {
  it('lists the resource rows under data-page and its columns', async () => {
    const rec = serve(page);
    await openList(page, rec);
    for (const c of page.columnData.columnList.slice(0, 3)) expect(screen.getAllByRole('columnheader', { name: c.label }).length).toBeGreaterThan(0);
  });

  // Each case is declared only for the pages that offer it (no skipped cases).
  if (page.resource.create && page.columnData.btnsList.some((b) => b.value === 'add')) it('opens the add form with every labelled field', async () => {
    const rec = serve(page);
    await openList(page, rec);
    const label = page.columnData.btnsList.find((b) => b.value === 'add')?.label ?? '新增';
    fireEvent.click(screen.getByRole('button', { name: new RegExp(label) }));
    const form = await screen.findByTestId('model-form', {}, WAIT);
    expect(form.getAttribute('data-page')).toBe(page.code);
    expect(form.getAttribute('data-mode')).toBe('add');
    const { compiled } = compileModel(page.formData, renderers);
    await waitFor(() => expect(form.querySelector('form, .kd-form')).toBeTruthy(), WAIT);
    // Fields shown only under a rule (`showWhen`, e.g. a tree dictionary's 上级) may be hidden for the sample node.
    for (const f of compiled.leaves.filter((x) => x.__vModel__ && x.__config__.showLabel !== false && !x.__config__.showWhen).slice(0, 4)) expect(within(form).getAllByText(String(f.__config__.label)).length).toBeGreaterThan(0);
  });

  if (page.resource.update && page.resource.get && page.columnData.columnBtnsList.some((b) => b.value === 'edit')) it('opens the edit form with the record loaded from get', async () => {
    const rec = serve(page);
    await openList(page, rec);
    // The row's 编辑 (a tree filter has 编辑 buttons of its own nodes).
    const grid = screen.getByTestId('model-list').querySelector('.kd-list-grid') as HTMLElement;
    fireEvent.click(within(grid).getAllByRole('button', { name: /^编辑/ })[0]);
    const form = await screen.findByTestId('model-form', {}, WAIT);
    expect(form.getAttribute('data-mode')).toBe('edit');
    // The first plain text field of the form (pickers show a name, not the stored id).
    const text = compileModel(page.formData, renderers).compiled.leaves.find((f) => f.__vModel__ && ['comInput', 'textarea'].includes(f.__config__.kdKey) && typeof rec[f.__vModel__] === 'string');
    const first = text?.__vModel__ ? ([text.__vModel__, rec[text.__vModel__]] as const) : undefined;
    await waitFor(() => expect((document.getElementById(`root_${first?.[0]}`) as HTMLInputElement | null)?.value).toBe(first?.[1]), WAIT);
  });

  if (page.resource.get) it('shows the record read-only in the detail view', async () => {
    const rec = serve(page);
    const { compiled, registry } = compileModel(page.formData, renderers);
    render(
      <TestShell>
        <ModelDetail moduleId={page.code} source={resourceSource(page.code, page.resource)} form={page.formData} compiled={compiled} registry={registry} recordId="rec-1" open onClose={() => undefined} />
      </TestShell>,
    );
    const text = page.formData.fields.find((f) => f.__vModel__ && typeof rec[f.__vModel__] === 'string' && isShown(f, rec));
    const want = String(rec[text?.__vModel__ ?? '']);
    const body = await screen.findByRole('dialog', {}, WAIT);
    await waitFor(() => expect([...body.querySelectorAll('input, textarea')].some((i) => (i as HTMLInputElement).value === want) || body.textContent?.includes(want)).toBe(true), WAIT);
  });
});
