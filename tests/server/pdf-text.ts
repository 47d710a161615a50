import { decodePDFRawStream, PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, type PDFRef } from 'pdf-lib';

/** UTF-16BE hex (a ToUnicode target) as text. */
const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
const streamText = (o: PDFObject | undefined) => (o instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(o).decode()).toString('latin1') : '');

/**
 * The text of each page, read back from the PDF's bytes with pdf-lib: every `<hex> Tj` of the page's content streams
 * mapped through its font's ToUnicode CMap (bfchar and bfrange; code length from the codespace range), as Chromium
 * writes them. Enough to check what was printed; not a general PDF text extractor.
 */
export function pdfText(doc: PDFDocument): string[] {
  return doc.getPages().map((page) => {
    const maps = new Map<string, { width: number; map: Map<string, string> }>();
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const cmap = streamText(doc.context.lookup(font.get(PDFName.of('ToUnicode')) as PDFRef));
      const map = new Map<string, string>();
      for (const b of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) for (const m of b[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1].toUpperCase(), utf16(m[2]));
      for (const b of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
        for (const m of b[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
          const [lo, hi, dst] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h, 16));
          for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(m[1].length, '0'), String.fromCodePoint(dst + c - lo));
        }
      }
      maps.set(name.toString(), { width: (/begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap)?.[1].length ?? 2), map });
    }
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let font: { width: number; map: Map<string, string> } | undefined;
    let out = '';
    for (const m of parts.map(streamText).join('\n').matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1]) font = maps.get(m[1]);
      else if (font) for (let i = 0; i < m[2].length; i += font.width) out += font.map.get(m[2].slice(i, i + font.width).toUpperCase()) ?? '';
    }
    return out;
  });
}
