// `npm start`: build the client when dist/ is missing or older than the sources, then run the server (one process: app + API).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const built = join(root, 'dist', 'index.html');
const srcTime = Math.max(newest(join(root, 'src')), newest(join(root, 'renderers')), statSync(join(root, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < srcTime) {
  console.log('[kd] building the client…');
  execSync('npx vite build', { cwd: root, stdio: 'inherit' });
}
register();
await import('../server/src/main.ts');
