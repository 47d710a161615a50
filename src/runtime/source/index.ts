/** Record sources of the runtime (issue 26 item 1): one interface, a designed model's or a built-in area's calls. */
export { onlineDevSource } from './onlineDev';
export { asPage, fillName, fillPath, type PageParams, pageParams, resourceSource } from './resource';
export type { ExportBody, RecordSource } from './types';
export { sourceOf } from './sourceOf';
