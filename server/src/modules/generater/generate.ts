import { posix } from 'node:path';
import JSZip from 'jszip';
import type { LoadedModel } from '../visualdev/model-store';
import { contextOf, type GenerateOptions } from './context';
import { pageFile } from './template-page';
import { readmeFile } from './template-readme';
import { repositoryFile } from './template-repository';
import { modelExport, modelFile, routesFile } from './template-routes';

/** One generated file (spec 001 §7 CodePreview item): repository-relative path, text, and its type (extension). */
export interface GeneratedFile {
  fileName: string;
  fileContent: string;
  /** 'tsx' | 'ts' | 'json' | 'md'. */
  fileType: string;
}

function placed(root: string, f: { fileName: string; fileContent: string }): GeneratedFile {
  return { fileName: root ? posix.join(root, f.fileName) : f.fileName, fileContent: f.fileContent, fileType: f.fileName.slice(f.fileName.lastIndexOf('.') + 1) };
}

/**
 * The source files generated for a model (spec 001 §7 code generation, issue 4 item 8), in a fixed order: the page
 * (`src/app/pages/<area>/<ClassName>Page.tsx`), then the server module under `server/src/modules/<area>/<name>/`:
 * routes.ts, repository.ts, model.ts, model.json, README.md. Deterministic: the same model and options give the same
 * bytes. With `opts.root`, the files are placed under that folder (fileName prefixed) and their imports of the project
 * computed from there; their text is otherwise the same.
 */
export function generateCode(model: LoadedModel, opts: GenerateOptions): GeneratedFile[] {
  const c = contextOf(model, opts);
  const files = [
    pageFile(c),
    routesFile(c),
    repositoryFile(c),
    modelFile(c),
    { fileName: c.moduleFile('model.json'), fileContent: `${JSON.stringify(modelExport(model.record), null, 2)}\n` },
  ];
  files.push(readmeFile(c, files.map((f) => f.fileName).concat(c.moduleFile('README.md'))));
  return files.map((f) => placed(opts.root ?? '', f));
}

/** The files as a zip (DEFLATE), each at its `fileName`. Timestamps are fixed so equal files give an equal zip. */
export async function zipFiles(files: GeneratedFile[]): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2000, 0, 1));
  for (const f of files) zip.file(f.fileName, f.fileContent, { date, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, platform: 'UNIX' });
}
