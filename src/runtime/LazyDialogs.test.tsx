// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyDialog, OnceOpened } from './LazyDialogs';

afterEach(cleanup);

/** A chunk whose loading the test finishes itself. */
function chunk() {
  let finish: () => void = () => {};
  let calls = 0;
  const Dialog = ({ name }: { name: string }) => <p>dialog {name}</p>;
  const load = () => {
    calls += 1;
    return new Promise<{ default: typeof Dialog }>((resolve) => {
      finish = () => resolve({ default: Dialog });
    });
  };
  return { load, finish: () => finish(), calls: () => calls };
}

describe('lazyDialog (issue 25 item 1: no Suspense hold before a dialog shows)', () => {
  it('shows nothing until its chunk is there, then the dialog with its props; the chunk loads once', async () => {
    const c = chunk();
    const Dialog = lazyDialog(c.load);
    const { rerender } = render(
      <OnceOpened open>
        <Dialog name="A" />
      </OnceOpened>,
    );
    expect(screen.queryByText(/dialog/)).toBeNull();
    await act(async () => c.finish());
    expect(screen.getByText('dialog A')).toBeTruthy();
    rerender(
      <OnceOpened open>
        <Dialog name="B" />
      </OnceOpened>,
    );
    expect(screen.getByText('dialog B')).toBeTruthy();
    expect(c.calls()).toBe(1);
  });

  it('a preloaded dialog shows in the first render where it opens', async () => {
    const c = chunk();
    const Dialog = lazyDialog(c.load);
    const loading = Dialog.preload();
    c.finish();
    await loading;
    render(
      <OnceOpened open>
        <Dialog name="C" />
      </OnceOpened>,
    );
    expect(screen.getByText('dialog C')).toBeTruthy();
    expect(c.calls()).toBe(1);
  });
});
