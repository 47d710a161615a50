// `npm run dev`: the API server (tsx watch) and the Vite dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const procs = [spawn(bin('tsx'), ['watch', 'server/src/main.ts'], { stdio: 'inherit' }), spawn(bin('vite'), [], { stdio: 'inherit' })];
const stop = () => {
  for (const p of procs) p.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
