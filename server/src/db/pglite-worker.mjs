// Entry of the PGlite worker thread (see pglite-thread.ts). Plain JavaScript, so Node can start it whatever loader
// its parent runs under (tsx, vitest, plain node): it loads the TypeScript body through tsx's namespaced loader,
// which applies to this import only and does not clash with a loader the thread may already have.
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'kd-pglite-worker' });
await api.import('./pglite-worker-body.ts', import.meta.url);
