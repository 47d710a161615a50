import type { ShapeProblem } from '../../src/engine/modelShape';

/** A refusal before sending: the server's words for it (`msg`) and the path it names. */
export interface ShapeRefusal {
  msg: string;
  path: string;
}

/** Translates a designer key (`fd.…`). */
type T = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The schemas/ shape check the server runs on every model save and import (src/engine/modelShape.ts, issue 13 item 3:
 * one check at import, designer save and server save), run by the designer before it sends: `record` is the model as
 * the server will check it (designer/model/modelApi.ts recordToCheck), or with `fields` a built-in page's added
 * fields (checked as page-extension/check.ts checks them, paths under `fields`). The module, its schemas and its ajv
 * validators are loaded and compiled on the first save only. Answers the first problem in the server's words
 * (`fd.shapeInvalid`: 模型文件格式不正确：{path} {detail}, messages.ts modelInvalid), or null (also when the module
 * cannot be loaded: the server then refuses the same problem).
 */
export async function shapeRefusal(what: { record: unknown } | { fields: unknown[] }, t: T): Promise<ShapeRefusal | null> {
  let shape: typeof import('../../src/engine/modelShape');
  try {
    shape = await import('../../src/engine/modelShape');
  } catch {
    return null; // the chunk did not load (e.g. offline): the server runs the same check on the save.
  }
  const problem: ShapeProblem | null = 'record' in what ? shape.modelShapeProblem(what.record) : shape.fieldListShapeProblem(what.fields, 'fields');
  return problem ? { msg: t('fd.shapeInvalid', { path: problem.path, detail: problem.detail }), path: problem.path } : null;
}

/**
 * The model prop a path names outside the form (`fullName…` → `__fullName`, `tables[0]…` → `__table`), the key the
 * property panel shows a problem under; null for any other path.
 */
export function propOfPath(path: string): string | null {
  const m = /^(fullName|enCode|category|tables)\b/.exec(path);
  if (!m) return null;
  return m[1] === 'tables' ? '__table' : `__${m[1]}`;
}
