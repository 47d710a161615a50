import type { Config } from 'dompurify';

/**
 * The print-template HTML sanitiser (issue 16 "Bad input"; reference print-report-portal.md §1 defect "stored XSS"):
 * DOMPurify over a jsdom window, the HTML profile with inline `style` kept (page layout needs widths, borders and
 * fonts) and `data-*` attributes kept (placeholder chips, `data-each` loops); scripts, `<style>`, forms, frames,
 * event handlers and `javascript:` URLs are removed. Used on save (the stored body) and again on the merged output.
 */

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  ALLOW_DATA_ATTR: true,
};

let purifier: Promise<(html: string) => string> | null = null;

/** The sanitiser (created on first use): `(html) → html` without active content; '' for a non-string. */
export function printSanitizer(): Promise<(html: unknown) => string> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: DOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const purify = DOMPurify(new JSDOM('').window as unknown as Parameters<typeof DOMPurify>[0]);
    return (html: string) => purify.sanitize(html, CONFIG) as string;
  })();
  return purifier.then((p) => (html: unknown) => (typeof html === 'string' && html ? p(html) : ''));
}

/** The sanitised `html`. */
export async function sanitizePrintHtml(html: unknown): Promise<string> {
  return (await printSanitizer())(html);
}
