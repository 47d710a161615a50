import type { KdData } from './KdDataContext';

/** A computed answer: gets the method, the path without query, and the body. */
export type Answer = (method: string, path: string, body: unknown) => unknown;

/**
 * An in-memory KdData for stories and tests: answers GET/POST paths from a table of canned `data` values
 * (exact path, or the first key that is a prefix), or from an `Answer` function. Unknown paths reject like a failed call. Uploads answer
 * `{name, fileId, url}` unless the table has an answer for the upload path.
 */
export function fakeData(answers: Record<string, unknown>, log: string[] = []): KdData {
  return {
    async request(method, path, body) {
      log.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
      const bare = path.split('?')[0];
      const key = bare in answers ? bare : Object.keys(answers).find((k) => bare.startsWith(k));
      if (key !== undefined) {
        const a = answers[key];
        return typeof a === 'function' ? (a as Answer)(method, bare, body) : structuredClone(a);
      }
      throw new Error(`no such path: ${bare}`);
    },
    url: (p) => p,
    async upload(path, file) {
      log.push(`UPLOAD ${path} ${file.name}`);
      if (path in answers) return structuredClone(answers[path]);
      const fileId = `${Date.now()}_${file.name}`;
      return { name: file.name, fileId, url: `/api/file/Download/annex/2024/01/${encodeURIComponent(fileId)}` };
    },
  };
}
