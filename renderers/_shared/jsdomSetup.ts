/**
 * Test helper for the few component tests that must run under jsdom (DOMPurify does not support happy-dom:
 * cure53/DOMPurify#1457): antd needs `window.matchMedia`, which jsdom lacks (stack-notes.md §1). Import it first.
 */
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
export {};
