// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import KeepAlive from './KeepAlive';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  const { pathname } = useLocation();
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name} {n} {pathname}
    </button>
  );
}

function setup(opts: { enabled: boolean; noCache?: string[]; gens?: Record<string, number> }) {
  const state = { gens: opts.gens ?? {} };
  const Area = () => <KeepAlive enabled={opts.enabled} keep={new Set(['/a', '/b'])} generation={(p) => state.gens[p] ?? 0} noCache={(p) => (opts.noCache ?? []).includes(p)} />;
  const router = createMemoryRouter(
    [
      {
        element: <Area />,
        children: [
          { path: '/a', element: <Counter name="A" /> },
          { path: '/b', element: <Counter name="B" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return { router, state };
}

const visible = (name: string) => screen.getAllByRole('button').find((b) => b.textContent?.startsWith(name) && b.closest('[style*="display: none"]') === null);

afterEach(cleanup);

describe('page cache (spec 000 §2 "optional cached pages", noCache)', () => {
  it('keeps a visited view mounted while another shows, under its own location', async () => {
    const { router } = setup({ enabled: true });
    fireEvent.click(visible('A')!);
    fireEvent.click(visible('A')!);
    await act(() => router.navigate('/b'));
    expect(visible('B')?.textContent).toBe('B 0 /b');
    expect(visible('A')).toBeUndefined();
    expect(screen.getByText('A 2 /a')).toBeTruthy();
    await act(() => router.navigate('/a'));
    expect(visible('A')?.textContent).toBe('A 2 /a');
  });

  it('without the cache, or for a noCache view, a view starts afresh', async () => {
    for (const opts of [{ enabled: false }, { enabled: true, noCache: ['/a'] }]) {
      const { router } = setup(opts);
      fireEvent.click(visible('A')!);
      await act(() => router.navigate('/b'));
      expect(screen.queryByText(/^A /)).toBeNull();
      await act(() => router.navigate('/a'));
      expect(visible('A')?.textContent).toBe('A 0 /a');
      cleanup();
    }
  });

  it('a new generation (refresh) drops the cached view', async () => {
    const { router, state } = setup({ enabled: true });
    fireEvent.click(visible('A')!);
    await act(() => router.navigate('/b'));
    state.gens = { '/a': 1 };
    await act(() => router.navigate('/a'));
    expect(visible('A')?.textContent).toBe('A 0 /a');
  });
});
