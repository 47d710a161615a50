import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, precompress, preloadSignedIn } from './scripts/vite-plugins';

/**
 * Vite config: the client lives in src/ (entry index.html); `npm run dev` proxies /api to the Fastify server on PORT
 * (default 8080). Loading speed (scripts/vite-plugins.ts; bench/bundle.ts, bench/lcp.ts): precompressed .br/.gz
 * files, a few code-splitting groups (fewer, larger requests), and an early preload of the signed-in first screen
 * when a session token is stored.
 */
export default defineConfig({
  plugins: [react(), precompress(), preloadSignedIn()],
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 3000,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 8080}`, ws: true } },
  },
});
