import { type ColumnData, keywordColumns, sortableColumns } from '../visualdev/column-data';
import type { FieldColumn } from '../visualdev/model-layout';
import type { LoadedModel } from '../visualdev/model-store';
import { camelCase, commentText, type Layout, layoutOf } from './names';

/** The PostgreSQL type of a field column of a model table (model-layout.ts). */
export type ColumnSqlType = FieldColumn['type'];

/** What the code generator asks for (spec 001 §7 CodePreview/DownloadCode body), already checked. */
export interface GenerateOptions {
  /** One of AREAS. */
  area: string;
  /** PascalCase class name (CLASS_NAME). */
  className: string;
  /** One line describing the model (default: its fullName). */
  description: string;
  /** Folder, relative to the repository root, the files are laid out under ('' = the repository itself). */
  root?: string;
}

/** Everything the templates need, derived once from a compiled model. */
export interface GenContext {
  model: LoadedModel;
  area: string;
  className: string;
  /** `supplier` for `Supplier`: function and constant names. */
  camel: string;
  /** Comment-safe description. */
  description: string;
  layout: Layout;
  /** The model's field columns in form order (the table's columns besides the system ones). */
  columns: FieldColumn[];
  /** Columns a list may sort by (the platform's rule: sortable columnList entries + defaultSidx). */
  sortable: string[];
  /** Text columns the keyword searches (searchList props). */
  keyword: string[];
  /** The default sort column when one is declared and sortable, else null (created_at). */
  defaultSidx: string | null;
  /** Comment-safe label and kdKey of a field column. */
  labelOf(column: string): string;
  /** Repository path of a file in the server module folder. */
  moduleFile(name: string): string;
  /** Import specifier from a generated file to a repository path. */
  imp(from: string, to: string): string;
}

/**
 * Builds the template context of a loaded model, with the model runtime's own rules for sortable and keyword columns
 * (visualdev/column-data.ts), so the generated code accepts exactly the sorts and searches the platform accepts.
 */
export function contextOf(model: LoadedModel, opts: GenerateOptions): GenContext {
  const layout = layoutOf(opts.area, opts.className, opts.root ?? '');
  const cd = model.record.columnData as ColumnData;
  const sortable = [...sortableColumns(model.layout, cd)];
  return {
    model,
    area: opts.area,
    className: opts.className,
    camel: camelCase(opts.className),
    description: commentText(opts.description || model.record.fullName),
    layout,
    columns: model.columns,
    sortable,
    keyword: keywordColumns(model.layout, cd),
    defaultSidx: cd.defaultSidx && sortable.includes(cd.defaultSidx) ? cd.defaultSidx : null,
    labelOf(column) {
      const f = model.compiled.byModel[column];
      const label = typeof f?.__config__.label === 'string' ? f.__config__.label : column;
      return commentText(`${label} (${f?.__config__.kdKey ?? 'field'})`);
    },
    moduleFile: (name) => `${layout.moduleDir}/${name}`,
    imp: (from, to) => layout.importPath(from, to),
  };
}
