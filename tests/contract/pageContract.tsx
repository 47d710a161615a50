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
 * page's own REST paths). A new page is covered the day its JSON lands. The pages are shared out between
 * pages-a.test.tsx and pages-b.test.tsx (alternately, in path order), so the two halves run side by side.
 * Each page's list is rendered once for list, add and edit (a rendered page costs seconds in happy-dom); the queries
 * read visible text (header cells, button texts) instead of computing accessible names over the whole page.
 */
const all = import.meta.glob<PageConfig>('../../src/pages/**/*.page.json', { eager: true, import: 'default' });
/** Half `half` (0 or 1) of the page configs: every other one in path order. */
export const pagesOf = (half: 0 | 1): PageConfig[] =>
  Object.keys(all)
    .sort()
    .filter((_, i) => i % 2 === half)
    .map((k) => all[k]);
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

let api: ReturnType<typeof fakeApiLifecycle>;

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


const squash = (s: string | null) => (s ?? '').replace(/\s+/g, '');
/** The visible buttons under `root` whose text (spaces removed: antd spaces two-character labels) matches `text`. */
const buttonsIn = (root: ParentNode, text: RegExp) => [...root.querySelectorAll('button')].filter((b) => text.test(squash(b.textContent)));
const leavesOf = (page: PageConfig) => compileModel(page.formData, renderers).compiled.leaves;

/** Opens the add form from the toolbar and checks its first labelled fields; closes it again. */
async function checkAdd(page: PageConfig, list: HTMLElement) {
  const label = squash(page.columnData.btnsList.find((b) => b.value === 'add')?.label ?? '新增');
  fireEvent.click(buttonsIn(list, new RegExp(`^${label}`))[0]);
  const form = await screen.findByTestId('model-form', {}, WAIT);
  expect(form.getAttribute('data-page')).toBe(page.code);
  expect(form.getAttribute('data-mode')).toBe('add');
  await waitFor(() => expect(form.querySelector('form, .kd-form')).toBeTruthy(), WAIT);
  // Fields shown only under a rule (`showWhen`, e.g. a tree dictionary's 上级) may be hidden for the sample node.
  for (const f of leavesOf(page).filter((x) => x.__vModel__ && x.__config__.showLabel !== false && !x.__config__.showWhen).slice(0, 4)) expect(within(form).getAllByText(String(f.__config__.label)).length).toBeGreaterThan(0);
  const dialog = form.closest('.ant-modal-wrap, .ant-drawer, [role=dialog]') ?? document.body;
  fireEvent.click(dialog.querySelector('.ant-modal-close, .ant-drawer-close') ?? buttonsIn(dialog, /^取消/)[0]);
  // Closed: the form is gone, or its modal/drawer is leaving (happy-dom never ends the leave animation).
  const open = () => screen.queryAllByTestId('model-form').filter((f) => f.getAttribute('data-mode') === 'add' && !/-leave/.test(f.closest('.ant-modal, .ant-drawer-content-wrapper')?.className ?? ''));
  await waitFor(() => expect(open()).toHaveLength(0), WAIT);
}

/** Opens the row's edit form and sees the record's first plain text field loaded from get. */
async function checkEdit(page: PageConfig, list: HTMLElement, rec: Record<string, unknown>) {
  // The row's 编辑 (a tree filter has 编辑 buttons of its own nodes).
  fireEvent.click(buttonsIn(list.querySelector('.kd-list-grid') as HTMLElement, /^编辑/)[0]);
  const form = await waitFor(() => {
    const f = screen.getAllByTestId('model-form').find((x) => x.getAttribute('data-mode') === 'edit');
    expect(f).toBeTruthy();
    return f as HTMLElement;
  }, WAIT);
  // The first plain text field of the form (pickers show a name, not the stored id).
  const text = leavesOf(page).find((f) => f.__vModel__ && ['comInput', 'textarea'].includes(f.__config__.kdKey) && typeof rec[f.__vModel__] === 'string');
  const first = text?.__vModel__ ? ([text.__vModel__, rec[text.__vModel__]] as const) : undefined;
  await waitFor(() => expect((form.querySelector(`#root_${first?.[0]}`) as HTMLInputElement | null)?.value).toBe(first?.[1]), WAIT);
}

/** Declares the contract cases of one half of the page configs (call at the top level of a happy-dom test file). */
export function describePages(half: 0 | 1): void {
  api = fakeApiLifecycle();
  describe.each(pagesOf(half).map((p) => [p.code, p] as const))('built-in page %s', (_code, page) => {
    const canAdd = !!page.resource.create && page.columnData.btnsList.some((b) => b.value === 'add');
    const canEdit = !!page.resource.update && !!page.resource.get && page.columnData.columnBtnsList.some((b) => b.value === 'edit');
    const what = ['lists the resource rows under data-page and its columns', canAdd && 'opens the add form with every labelled field', canEdit && 'opens the edit form with the record loaded from get'];
    it(what.filter(Boolean).join('; '), async () => {
      const rec = serve(page);
      await openList(page, rec);
      const list = screen.getByTestId('model-list');
      const headers = [...list.querySelectorAll('.ag-header-cell-text')].map((h) => h.textContent);
      for (const c of page.columnData.columnList.slice(0, 3)) expect(headers).toContain(c.label);
      if (canAdd) await checkAdd(page, list);
      if (canEdit) await checkEdit(page, list, rec);
    });

    // Declared only for the pages that offer it (no skipped cases).
    if (page.resource.get)
      it('shows the record read-only in the detail view', async () => {
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
}
