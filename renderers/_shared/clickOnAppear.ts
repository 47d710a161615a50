import { fireEvent } from '@testing-library/react';

/**
 * Test helper: clicks the first element matching `selector` the moment it enters the page (in the DOM mutation's
 * microtask, before React's passive effects run), as a fast user's click can. `clicked()` says whether it happened;
 * `stop()` ends the watch. Used by the KdForm and PageActionDialog tests of a change made as soon as a form shows.
 */
export function clickOnAppear(selector: string): { clicked: () => boolean; stop: () => void } {
  let done = false;
  const watch = new MutationObserver(() => {
    const el = document.querySelector(selector);
    if (el && !done) {
      done = true;
      fireEvent.click(el);
    }
  });
  watch.observe(document.body, { childList: true, subtree: true });
  return { clicked: () => done, stop: () => watch.disconnect() };
}
