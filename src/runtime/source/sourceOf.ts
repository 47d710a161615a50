import { onlineDevSource } from './onlineDev';
import type { RecordSource } from './types';

/**
 * The record source a runtime component works on: the one it was given, else the model `moduleId`'s OnlineDev source
 * (designed models keep passing only their id). Stable for the same inputs. @throws when neither is given.
 */
export function sourceOf(source: RecordSource | undefined, moduleId: string | undefined): RecordSource {
  if (source) return source;
  if (!moduleId) throw new Error('a runtime component needs a source or a moduleId');
  return onlineDevSource(moduleId);
}
