import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

// Rolldown's types through vite's re-export (rolldown is vite's dependency, not ours; issue 24 item 9).
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Build plugins for the client's loading speed (issue 5 item 10; measured by bench/bundle.ts and bench/lcp.ts).
 * Used by vite.config.ts.
 */

/**
 * The lazy module of the signed-in home's first frame (src/app/views/FirstFrame.tsx: the real home content before antd
 * arrives). Only its chunks are preloaded from index.html: everything else of the shell is asked for when the entry
 * runs (src/app/AppRoutes.tsx), so that the entry and the first frame get the slow link's bandwidth first.
 */
export const SIGNED_IN_START = ['src/app/views/FirstFrame.tsx'];

/**
 * Writes `.br` and `.gz` beside every emitted JS, CSS, HTML, SVG and JSON file over 1 KB; the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`), so a cold load moves about a third of the bytes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kd-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = join(outDir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/**
 * Code-splitting groups. Left alone, the splitter cuts the modules shared by the many lazy screens into dozens of
 * small chunks, whose requests queue over HTTP/1.1 (6 per host) behind a slow round trip. These groups gather what is
 * always loaded together, without pulling in anything a screen would not need:
 * - `initial`: everything the entry statically needs (the sign-in page), so it arrives in one or two files;
 * - `antd-core`: antd's style engine, theme and configuration (every antd component needs them);
 * - `icons`: the icon components in use (small files otherwise requested one by one) with the few packages they need
 *   (clsx, @ant-design/colors and fast-color), so that the home's first frame, which shows menu icons, does not wait
 *   for antd's core.
 * - `ag-grid` and `ag-grid-react`: the grid (src/runtime/agGrid.ts registers only the modules in use) in two files,
 *   each under issue 18's 250 KB gzip per chunk; both are loaded by the lists only, never by the sign-in page.
 */
export const chunkGroups = [
  { name: 'initial', tags: ['$initial' as const], priority: 30 },
  {
    name: 'antd-core',
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils)|@rc-component[\\/](util|motion|resize-observer|portal)|antd[\\/]es[\\/](_util|style|theme|config-provider|locale)[\\/]|stylis|@emotion|@babel[\\/]runtime)/,
    priority: 20,
  },
  { name: 'icons', test: /node_modules[\\/](@ant-design[\\/](icons|icons-svg|colors|fast-color)|clsx)[\\/]/, priority: 25 },
  { name: 'ag-grid', test: /node_modules[\\/](ag-grid-community|ag-stack)[\\/]/, priority: 15 },
  { name: 'ag-grid-react', test: /node_modules[\\/]ag-grid-react[\\/]/, priority: 15 },
];

/**
 * Adds to index.html a small inline script that, only when a session token is stored (kd_token_String), asks the
 * browser to fetch the chunks of {@link SIGNED_IN_START} (and what they import) right after the entry's own files,
 * instead of after the entry has run. The sign-in page of a signed-out visitor loads nothing more.
 */
export function preloadSignedIn(): Plugin {
  return {
    name: 'kd-preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (roots: OutputChunk[]) => {
          const seen = new Set<string>();
          const walk = (c: OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const i of c.imports) {
              const next = byName.get(i);
              if (next) walk(next);
            }
          };
          for (const c of roots) walk(c);
          return seen;
        };
        const initial = closure(chunks.filter((c) => c.isEntry));
        const wanted = chunks.filter((c) => c.moduleIds.some((id) => SIGNED_IN_START.some((m) => id.endsWith(m))));
        const files = [...closure(wanted)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        if (!files.length) return html;
        const script = `<script>(function(){try{if(!localStorage.getItem('kd_token_String'))return}catch(e){return}${JSON.stringify(files)}.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})})()</script>`;
        // At the end of the body: the entry and its own preloads are requested first.
        return html.replace('</body>', `  ${script}\n  </body>`);
      },
    },
  };
}
